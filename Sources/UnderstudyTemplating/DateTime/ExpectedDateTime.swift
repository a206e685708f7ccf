import Foundation

/// The expected side of a date-time matcher, worked out as far as it can be before a request.
enum ExpectedDateTime: Sendable, Hashable {
    /// A literal date-time, already offset and truncated.
    case fixed(ParsedDateTime)
    /// The current time (UTC) plus this offset, truncated at match time.
    case relativeToNow(DateTimeOffset)

    /// Reads a now-relative expression the way WireMock recognises one: `now`, or an optional
    /// `now ` followed by `[+-]amount unit` (`now +3 days`, `-15 seconds`, `1 years`), all
    /// case-insensitive. Returns nil for anything else, which is then read as a literal.
    static func nowOffset(in expression: String) throws(DateTimeMatchError) -> DateTimeOffset? {
        if expression.lowercased() == "now" { return DateTimeOffset(amount: 0, unit: .seconds) }
        var rest = Substring(expression)
        if rest.lowercased().hasPrefix("now ") { rest = rest.dropFirst(4) }
        let parts = rest.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, isSignedDigits(parts[0]), !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        let amount = try checkedAmount(parts[0].hasPrefix("+") ? parts[0].dropFirst() : parts[0], in: expression)
        guard let unit = DateTimeUnit(name: String(parts[1])) else { throw DateTimeUnit.unknown(String(parts[1])) }
        return DateTimeOffset(amount: amount, unit: unit)
    }

    /// Java reads offset amounts into an `int`, so larger ones are refused rather than wrapped.
    static func checkedAmount(_ text: Substring, in expression: String) throws(DateTimeMatchError) -> Int {
        guard let amount = Int32(text) else {
            throw DateTimeMatchError("Date-time offset amount in '\(expression)' is out of range")
        }
        return Int(amount)
    }

    private static func isSignedDigits(_ text: Substring) -> Bool {
        let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : text
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Applies the offset and truncation in the order `applyTruncationLast` asks for: by
    /// default truncate first, then offset.
    static func adjust(
        _ clock: WallClock, offset: DateTimeOffset?, truncation: DateTimePattern.Truncation?,
        truncationLast: Bool
    ) -> WallClock {
        if truncationLast {
            let shifted = offset?.shift(clock) ?? clock
            return truncation?.truncate(shifted) ?? shifted
        }
        let truncated = truncation?.truncate(clock) ?? clock
        return offset?.shift(truncated) ?? truncated
    }

    /// `now` as a UTC zoned value, to the microsecond (what `ZonedDateTime.now()` gives).
    static func zonedNow(_ now: Date) -> ParsedDateTime {
        // Clamp far outside any real clock so the Int conversion cannot trap.
        let raw = now.timeIntervalSince1970
        let interval = raw.isFinite ? min(max(raw, -1e14), 1e14) : 0
        let whole = interval.rounded(.down)
        let micros = min(Int(((interval - whole) * 1_000_000).rounded()), 999_999)
        return ParsedDateTime(wallClock: WallClock(seconds: Int(whole), nanos: micros * 1000), offsetSeconds: 0)
    }
}
