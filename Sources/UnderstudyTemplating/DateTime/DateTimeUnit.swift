/// A unit of a date-time offset, as in `now +3 days` or `"expectedOffsetUnit": "days"`.
enum DateTimeUnit: String, Sendable, Hashable, CaseIterable {
    case seconds, minutes, hours, days, months, years

    /// Reads a unit name case-insensitively. WireMock knows only the plural names; the singular
    /// ones (`1 day`) are accepted too because nobody means anything else by them.
    init?(name: String) {
        let lowered = name.lowercased()
        if let unit = DateTimeUnit(rawValue: lowered) {
            self = unit
        } else if let unit = DateTimeUnit(rawValue: lowered + "s") {
            self = unit
        } else {
            return nil
        }
    }

    static func unknown(_ name: String) -> DateTimeMatchError {
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        return DateTimeMatchError("Unknown date-time offset unit '\(name)': expected one of \(names)")
    }
}

/// A signed amount of a unit, added to a date-time on its own wall clock.
struct DateTimeOffset: Sendable, Hashable {
    var amount: Int
    var unit: DateTimeUnit

    /// Adds the offset. Seconds to days are fixed lengths on a fixed-offset wall clock; months
    /// and years move the calendar fields and clamp the day to the target month's length, so
    /// 31 January + 1 month is 28 (or 29) February, as in `java.time`.
    func shift(_ clock: WallClock) -> WallClock {
        switch unit {
        case .seconds: return WallClock(seconds: clock.seconds + amount, nanos: clock.nanos)
        case .minutes: return WallClock(seconds: clock.seconds + amount * 60, nanos: clock.nanos)
        case .hours: return WallClock(seconds: clock.seconds + amount * 3600, nanos: clock.nanos)
        case .days: return WallClock(seconds: clock.seconds + amount * CivilCalendar.secondsPerDay, nanos: clock.nanos)
        case .months: return Self.addMonths(amount, to: clock)
        case .years: return Self.addMonths(amount * 12, to: clock)
        }
    }

    private static func addMonths(_ months: Int, to clock: WallClock) -> WallClock {
        let (year, month, day) = clock.date
        let monthIndex = year * 12 + (month - 1) + months
        let newYear = CivilCalendar.floorDivide(monthIndex, 12)
        let newMonth = monthIndex - newYear * 12 + 1
        let newDay = min(day, CivilCalendar.daysInMonth(year: newYear, month: newMonth))
        let start = WallClock.startOfDay(year: newYear, month: newMonth, day: newDay)
        return WallClock(seconds: start.seconds + clock.secondOfDay, nanos: clock.nanos)
    }
}
