import Foundation
import UnderstudyTemplating

/// The text forms of `google.protobuf.Timestamp` (RFC 3339 in UTC) and `Duration` (`"1.5s"`),
/// with 0, 3, 6 or 9 fractional digits as protobuf prints them.
enum Timestamps {
    static func text(seconds: Int64, nanos: Int32) -> String {
        let days = CivilCalendar.floorDivide(Int(seconds), CivilCalendar.secondsPerDay)
        let secondOfDay = Int64(Int(seconds) - days * CivilCalendar.secondsPerDay)
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        let clock = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, Int(secondOfDay / 3600),
            Int(secondOfDay / 60 % 60), Int(secondOfDay % 60))
        return clock + fraction(UInt32(max(0, nanos))) + "Z"
    }

    static func fraction(_ nanos: UInt32) -> String {
        guard nanos > 0 else { return "" }
        if nanos % 1_000_000 == 0 { return String(format: ".%03u", nanos / 1_000_000) }
        if nanos % 1_000 == 0 { return String(format: ".%06u", nanos / 1_000) }
        return String(format: ".%09u", nanos)
    }

    /// `2024-01-02T03:04:05.678Z` or with an offset (`+01:00`); nil when it is not one.
    static func parse(_ text: String) -> (Int64, Int32)? {
        let pattern = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/
        guard let match = text.wholeMatch(of: pattern),
            let year = Int64(match.1), let month = Int64(match.2), let day = Int64(match.3),
            let hour = Int64(match.4), let minute = Int64(match.5), let second = Int64(match.6),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let dayCount = CivilCalendar.days(year: Int(year), month: Int(month), day: Int(day))
        var seconds = Int64(dayCount * CivilCalendar.secondsPerDay) + hour * 3600 + minute * 60 + second
        let zone = String(match.8)
        if zone.count == 6, let h = Int64(zone.dropFirst().prefix(2)), let m = Int64(zone.suffix(2)) {
            seconds -= (zone.hasPrefix("-") ? -1 : 1) * (h * 3600 + m * 60)
        }
        return (seconds, nanos(match.7.map(String.init)))
    }

    /// `-1.5s`, `3s`, `0.000000001s`; nil when it is not one.
    static func parseDuration(_ text: String) -> (Int64, Int32)? {
        guard let match = text.wholeMatch(of: /^(-)?(\d+)(\.\d{1,9})?s$/), let whole = Int64(match.2) else {
            return nil
        }
        let sign: Int64 = match.1 == nil ? 1 : -1
        return (sign * whole, Int32(sign) * nanos(match.3.map(String.init)))
    }

    private static func nanos(_ fraction: String?) -> Int32 {
        guard let fraction else { return 0 }
        let digits = fraction.dropFirst()
        return Int32(digits + String(repeating: "0", count: 9 - digits.count)) ?? 0
    }
}
