/// The fields a Java pattern read, before they are resolved into a date-time.
struct JavaParsedFields {
    var year: Int?
    var month: Int?
    var day: Int?
    var hourOfDay: Int?
    var clockHourOfDay: Int?
    var hourOfAmPm: Int?
    var clockHourOfAmPm: Int?
    var minute: Int?
    var second: Int?
    var nanos: Int?
    var pm: Bool?
    var weekday: Int?
    var offset: Int?
    var zoneName: String?

    /// Records a numeric field. The same field read twice must agree, as Java requires.
    mutating func set(_ field: JavaNumericField, _ value: Int) -> Bool {
        switch field {
        case .year: return Self.merge(&year, value)
        case .month: return Self.merge(&month, value)
        case .day: return Self.merge(&day, value)
        case .hourOfDay: return Self.merge(&hourOfDay, value)
        case .clockHourOfDay: return Self.merge(&clockHourOfDay, value)
        case .hourOfAmPm: return Self.merge(&hourOfAmPm, value)
        case .clockHourOfAmPm: return Self.merge(&clockHourOfAmPm, value)
        case .minute: return Self.merge(&minute, value)
        case .second: return Self.merge(&second, value)
        }
    }

    static func merge<Value: Equatable>(_ slot: inout Value?, _ value: Value) -> Bool {
        if let existing = slot { return existing == value }
        slot = value
        return true
    }

    /// The hour of day, if the hour letters read pin one down (`h` needs `a`, as in Java).
    private var resolvedHour: Int? {
        if let hourOfDay { return hourOfDay }
        if let clockHourOfDay { return clockHourOfDay % 24 }
        guard let pm else { return nil }
        if let hourOfAmPm { return hourOfAmPm + (pm ? 12 : 0) }
        if let clockHourOfAmPm { return clockHourOfAmPm % 12 + (pm ? 12 : 0) }
        return nil
    }

    /// Resolves like `java.time`'s SMART resolver: a day past the month's end (31 April) is
    /// pulled back to the last day, and a weekday that disagrees with the date is a failure.
    func resolve() -> ParsedDateTime? {
        guard let year else { return nil }
        guard let month else {
            return day == nil
                ? ParsedDateTime(wallClock: .startOfDay(year: year, month: 1, day: 1), offsetSeconds: nil) : nil
        }
        guard let day else {
            return ParsedDateTime(wallClock: .startOfDay(year: year, month: month, day: 1), offsetSeconds: nil)
        }
        let clampedDay = min(day, CivilCalendar.daysInMonth(year: year, month: month))
        let startOfDay = WallClock.startOfDay(year: year, month: month, day: clampedDay)
        if let weekday, CivilCalendar.dayOfWeek(days: startOfDay.days) != weekday { return nil }
        guard let hour = resolvedHour else { return ParsedDateTime(wallClock: startOfDay, offsetSeconds: nil) }
        let wallClock = WallClock(
            seconds: startOfDay.seconds + hour * 3600 + (minute ?? 0) * 60 + (second ?? 0),
            nanos: nanos ?? 0)
        if let offset { return ParsedDateTime(wallClock: wallClock, offsetSeconds: offset) }
        guard let zoneName else { return ParsedDateTime(wallClock: wallClock, offsetSeconds: nil) }
        // A zone name Java would not know fails the whole parse rather than going local.
        guard let zoneOffset = ZoneNames.offset(named: zoneName, at: wallClock) else { return nil }
        return ParsedDateTime(wallClock: wallClock, offsetSeconds: zoneOffset)
    }
}
