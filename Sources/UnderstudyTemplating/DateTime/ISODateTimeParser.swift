/// Reads the ISO-8601 shapes `java.time` reads by default: a zoned date-time with an offset
/// (`2021-06-24T13:40:27+01:00`, `…Z`, optionally followed by `[Europe/London]`), and the local
/// shapes `2021-06-24T12:40:27.123`, `2021-06-24`, `2021-06` and `2021`.
///
/// Like Java's ISO formatters this is strict: the year has four digits, 30 February is rejected,
/// seconds are optional but minutes are not, and an offset needs its colon.
enum ISODateTimeParser {
    /// An ISO offset date-time, or nil. The instant comes from the offset; a bracketed region id
    /// after it is read and ignored.
    static func parseZoned(_ bytes: [UInt8]) -> ParsedDateTime? {
        var scanner = DateTextScanner(bytes: bytes)
        guard let date = readDate(&scanner), readDateTimeSeparator(&scanner),
            let time = readTime(&scanner), let offset = readOffset(&scanner)
        else { return nil }
        if scanner.consume(UInt8(ascii: "[")) {
            guard scanner.zoneWord() != nil, scanner.consume(UInt8(ascii: "]")) else { return nil }
        }
        guard scanner.isAtEnd else { return nil }
        return ParsedDateTime(wallClock: combine(date, time), offsetSeconds: offset)
    }

    /// A local date-time, date, year-month or year; the shorter shapes mean the start of the
    /// first day they cover.
    static func parseLocal(_ bytes: [UInt8]) -> ParsedDateTime? {
        var scanner = DateTextScanner(bytes: bytes)
        guard let year = scanner.digits(min: 4, max: 4) else { return nil }
        if scanner.isAtEnd { return local(.startOfDay(year: year, month: 1, day: 1)) }
        guard scanner.consume(UInt8(ascii: "-")), let month = scanner.digits(min: 2, max: 2), (1...12).contains(month)
        else { return nil }
        if scanner.isAtEnd { return local(.startOfDay(year: year, month: month, day: 1)) }
        guard scanner.consume(UInt8(ascii: "-")), let day = scanner.digits(min: 2, max: 2),
            (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        if scanner.isAtEnd { return local(.startOfDay(year: year, month: month, day: day)) }
        guard readDateTimeSeparator(&scanner), let time = readTime(&scanner), scanner.isAtEnd else { return nil }
        return local(combine((year, month, day), time))
    }

    // MARK: Pieces

    typealias Time = (hour: Int, minute: Int, second: Int, nanos: Int)

    static func readDate(_ scanner: inout DateTextScanner) -> (year: Int, month: Int, day: Int)? {
        let start = scanner.position
        guard let year = scanner.digits(min: 4, max: 4), scanner.consume(UInt8(ascii: "-")),
            let month = scanner.digits(min: 2, max: 2), (1...12).contains(month), scanner.consume(UInt8(ascii: "-")),
            let day = scanner.digits(min: 2, max: 2),
            (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day)
        else {
            scanner.position = start
            return nil
        }
        return (year, month, day)
    }

    static func readTime(_ scanner: inout DateTextScanner) -> Time? {
        let start = scanner.position
        guard let hour = scanner.digits(min: 2, max: 2), hour < 24, scanner.consume(UInt8(ascii: ":")),
            let minute = scanner.digits(min: 2, max: 2), minute < 60
        else {
            scanner.position = start
            return nil
        }
        var second = 0
        var nanos = 0
        if scanner.consume(UInt8(ascii: ":")) {
            guard let value = scanner.digits(min: 2, max: 2), value < 60 else {
                scanner.position = start
                return nil
            }
            second = value
            if scanner.consume(UInt8(ascii: ".")) {
                guard let fraction = scanner.fractionNanos(min: 1, max: 9) else {
                    scanner.position = start
                    return nil
                }
                nanos = fraction
            }
        }
        return (hour, minute, second, nanos)
    }

    /// `Z` or `±HH:MM[:SS]`, as seconds east of UTC. Java caps offsets at ±18:00.
    static func readOffset(_ scanner: inout DateTextScanner) -> Int? {
        if scanner.consume(UInt8(ascii: "Z")) || scanner.consume(UInt8(ascii: "z")) { return 0 }
        let start = scanner.position
        let sign: Int
        if scanner.consume(UInt8(ascii: "+")) {
            sign = 1
        } else if scanner.consume(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = scanner.digits(min: 2, max: 2), scanner.consume(UInt8(ascii: ":")),
            let minutes = scanner.digits(min: 2, max: 2), minutes < 60
        else {
            scanner.position = start
            return nil
        }
        var seconds = 0
        if scanner.consume(UInt8(ascii: ":")) {
            guard let value = scanner.digits(min: 2, max: 2), value < 60 else {
                scanner.position = start
                return nil
            }
            seconds = value
        }
        let total = hours * 3600 + minutes * 60 + seconds
        guard total <= 18 * 3600 else {
            scanner.position = start
            return nil
        }
        return sign * total
    }

    private static func readDateTimeSeparator(_ scanner: inout DateTextScanner) -> Bool {
        scanner.consume(UInt8(ascii: "T")) || scanner.consume(UInt8(ascii: "t"))
    }

    private static func combine(_ date: (year: Int, month: Int, day: Int), _ time: Time) -> WallClock {
        WallClock(
            year: date.year, month: date.month, day: date.day,
            hour: time.hour, minute: time.minute, second: time.second, nanos: time.nanos)
    }

    private static func local(_ clock: WallClock) -> ParsedDateTime {
        ParsedDateTime(wallClock: clock, offsetSeconds: nil)
    }
}
