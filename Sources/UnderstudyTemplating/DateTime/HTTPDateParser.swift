import Foundation

/// Reads the three date formats HTTP allows (RFC 9110 §5.6.7), which WireMock tries after ISO:
///
/// * RFC 1123: `Tue, 01 Jun 2021 15:16:17 GMT` (weekday optional, seconds optional, zone `GMT`
///   or `±HHMM`, as Java's `RFC_1123_DATE_TIME` reads it);
/// * RFC 1036: `Tuesday, 01-Jun-21 15:16:17 GMT` (two-digit years are 2000-2099, as Java's `yy`);
/// * asctime: `Tue Jun  1 15:16:17 2021` or `Tue Jun 01 15:16:17 2021`, always GMT.
///
/// Names are matched case-insensitively, and a weekday must agree with the date, as in Java.
enum HTTPDateParser {
    static func parse(_ bytes: [UInt8]) -> ParsedDateTime? {
        var scanner = DateTextScanner(bytes: bytes)
        if let value = rfc1123(&scanner) { return value }
        scanner.position = 0
        if let value = rfc1036(&scanner) { return value }
        scanner.position = 0
        return asctime(&scanner)
    }

    private static func rfc1123(_ scanner: inout DateTextScanner) -> ParsedDateTime? {
        var weekday: Int?
        let start = scanner.position
        if let index = scanner.oneOf(DateNames.shortWeekdays) {
            if scanner.consume(UInt8(ascii: ",")) && scanner.consume(UInt8(ascii: " ")) {
                weekday = index + 1
            } else {
                scanner.position = start
            }
        }
        guard let day = scanner.digits(min: 1, max: 2), scanner.consume(UInt8(ascii: " ")),
            let month = scanner.oneOf(DateNames.shortMonths).map({ $0 + 1 }), scanner.consume(UInt8(ascii: " ")),
            let year = scanner.digits(min: 4, max: 4), scanner.consume(UInt8(ascii: " ")),
            let hour = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: ":")),
            let minute = scanner.digits(min: 2, max: 2)
        else { return nil }
        var second = 0
        if scanner.consume(UInt8(ascii: ":")) {
            guard let value = scanner.digits(min: 2, max: 2) else { return nil }
            second = value
        }
        guard scanner.consume(UInt8(ascii: " ")) else { return nil }
        let offset: Int
        if scanner.consume(caseInsensitive: "GMT") {
            offset = 0
        } else if let numeric = compactOffset(&scanner) {
            offset = numeric
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        return build(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            weekday: weekday, offset: offset)
    }

    private static func rfc1036(_ scanner: inout DateTextScanner) -> ParsedDateTime? {
        guard let weekdayIndex = scanner.oneOf(DateNames.fullWeekdays), scanner.consume(UInt8(ascii: ",")),
            scanner.consume(UInt8(ascii: " ")),
            let day = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: "-")),
            let month = scanner.oneOf(DateNames.shortMonths).map({ $0 + 1 }), scanner.consume(UInt8(ascii: "-")),
            let shortYear = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: " ")),
            let hour = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: ":")),
            let minute = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: ":")),
            let second = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: " ")),
            let zoneName = scanner.zoneWord(), scanner.isAtEnd
        else { return nil }
        let year = 2000 + shortYear
        guard let wall = validWallClock(year: year, month: month, day: day, hour: hour, minute: minute, second: second),
            let offset = ZoneNames.offset(named: zoneName, at: wall)
        else { return nil }
        return build(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            weekday: weekdayIndex + 1, offset: offset)
    }

    private static func asctime(_ scanner: inout DateTextScanner) -> ParsedDateTime? {
        guard let weekdayIndex = scanner.oneOf(DateNames.shortWeekdays), scanner.consume(UInt8(ascii: " ")),
            let month = scanner.oneOf(DateNames.shortMonths).map({ $0 + 1 }), scanner.consume(UInt8(ascii: " "))
        else { return nil }
        // Either a two-digit day, or a second space and a one- or two-digit day.
        let day: Int?
        if scanner.consume(UInt8(ascii: " ")) {
            day = scanner.digits(min: 1, max: 2)
        } else {
            day = scanner.digits(min: 2, max: 2)
        }
        guard let day, scanner.consume(UInt8(ascii: " ")),
            let hour = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: ":")),
            let minute = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: ":")),
            let second = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: " ")),
            let year = scanner.digits(min: 4, max: 4), scanner.isAtEnd
        else { return nil }
        return build(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            weekday: weekdayIndex + 1, offset: 0)
    }

    /// `±HHMM`, as RFC 1123 writes a numeric zone.
    private static func compactOffset(_ scanner: inout DateTextScanner) -> Int? {
        let sign: Int
        if scanner.consume(UInt8(ascii: "+")) {
            sign = 1
        } else if scanner.consume(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = scanner.digits(min: 2, max: 2), let minutes = scanner.digits(min: 2, max: 2),
            minutes < 60, hours * 60 + minutes <= 18 * 60
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func validWallClock(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
        -> WallClock?
    {
        guard (1...12).contains(month), (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        return WallClock(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private static func build(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
        weekday: Int?, offset: Int
    ) -> ParsedDateTime? {
        guard let wall = validWallClock(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else {
            return nil
        }
        if let weekday, CivilCalendar.dayOfWeek(days: wall.days) != weekday { return nil }
        return ParsedDateTime(wallClock: wall, offsetSeconds: offset)
    }
}
