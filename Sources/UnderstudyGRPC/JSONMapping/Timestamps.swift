import Foundation

/// The text forms of `google.protobuf.Timestamp` (RFC 3339 in UTC) and `Duration` (`"1.5s"`),
/// with 0, 3, 6 or 9 fractional digits as protobuf prints them.
enum Timestamps {
    static func text(seconds: Int64, nanos: Int32) -> String {
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
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
        var seconds = days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
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

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }

    // Howard Hinnant's days-from-civil algorithm and its inverse (proleptic Gregorian calendar).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }
}
