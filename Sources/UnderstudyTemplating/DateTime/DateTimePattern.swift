import Foundation

/// WireMock's date-time matchers `before`, `after` and `equalToDateTime`.
///
/// The expected value is a literal (`2021-10-11T00:00:00Z`, `2021-10-11T00:00:00`,
/// `2021-10-11`, `Tue, 01 Jun 2021 15:16:17 GMT`) or relative to the current time (`now`,
/// `now +3 days`, `-15 seconds`). Actual values are read as ISO-8601 (zoned or local), RFC 1123,
/// RFC 1036 or asctime, or with `actualFormat` (a Java `DateTimeFormatter` pattern, `unix` or
/// `epoch`). A missing or unreadable actual value never matches.
///
/// Zones follow WireMock: with a zoned expected value (any `now` expression is zoned, in UTC)
/// instants are compared and a local actual is read as UTC; with a local expected value the
/// actual's offset is dropped and wall clocks are compared. `before` and `after` are strict;
/// `equalToDateTime` is exact to the nanosecond.
///
/// Everything that does not depend on the clock is parsed and computed once, here.
public struct DateTimePattern: Sendable, Equatable {
    /// Which comparison the matcher makes; the raw value is its JSON key.
    public enum Operator: String, Sendable, CaseIterable {
        /// The actual date is before the expected one.
        case before
        /// The actual date is after the expected one.
        case after
        /// The two dates are the same instant.
        case equalToDateTime
    }

    /// Which comparison to make.
    public let `operator`: Operator
    /// The expected value exactly as written.
    public let expected: String
    /// The format the actual value is written in, when not ISO 8601 (`actualFormat`).
    public let actualFormat: String?
    /// How to truncate the expected value (`truncateExpected`).
    public let truncateExpected: Truncation?
    /// How to truncate the actual value (`truncateActual`).
    public let truncateActual: Truncation?
    /// Truncate after applying the offset, not before (`applyTruncationLast`).
    public let applyTruncationLast: Bool
    /// The offset added to the expected value (`expectedOffset`).
    public let expectedOffset: Int?
    /// The unit as written (`days`, `DAYS`, `day`), kept so the codec can write it back.
    public let expectedOffsetUnit: String?

    private let expectation: ExpectedDateTime
    private let actualParser: ActualDateTimeParser

    /// Builds a matcher from its WireMock JSON fields.
    ///
    /// * `expectedOffset` with `expectedOffsetUnit` shifts the expected value, replacing any
    ///   offset written into a `now` expression (as in WireMock). One without the other is kept
    ///   for writing back but has no effect. Understudy also applies it to a literal expected
    ///   value (WireMock 3.x would silently switch to `now` plus the offset instead).
    /// * `truncateExpected` applies to literals too, not only to `now` (an Understudy extension).
    /// * `applyTruncationLast` offsets first and truncates afterwards.
    ///
    /// - Throws: `DateTimeMatchError` for an unparsable expected value, an unknown offset unit
    ///   or truncation, an offset amount outside Java's `int`, or an unsupported `actualFormat`.
    public init(
        operator: Operator, expected: String, actualFormat: String? = nil,
        truncateExpected: String? = nil, truncateActual: String? = nil,
        applyTruncationLast: Bool = false, expectedOffset: Int? = nil,
        expectedOffsetUnit: String? = nil
    ) throws(DateTimeMatchError) {
        self.operator = `operator`
        self.expected = expected
        self.actualFormat = actualFormat
        self.applyTruncationLast = applyTruncationLast
        self.expectedOffset = expectedOffset
        self.expectedOffsetUnit = expectedOffsetUnit
        self.truncateExpected = try truncateExpected.map { name throws(DateTimeMatchError) in try Truncation(name: name)
        }
        self.truncateActual = try truncateActual.map { name throws(DateTimeMatchError) in try Truncation(name: name) }
        self.actualParser = try ActualDateTimeParser(actualFormat: actualFormat)

        let explicitOffset = try Self.explicitOffset(amount: expectedOffset, unitName: expectedOffsetUnit)
        if let written = try ExpectedDateTime.nowOffset(in: expected) {
            expectation = .relativeToNow(explicitOffset ?? written)
        } else if let literal = ActualDateTimeParser.parseStandard(Array(expected.utf8)) {
            let truncation = self.truncateExpected
            expectation = .fixed(
                literal.withWallClock { clock in
                    ExpectedDateTime.adjust(
                        clock, offset: explicitOffset, truncation: truncation, truncationLast: applyTruncationLast)
                })
        } else {
            throw DateTimeMatchError(
                "Unparsable expected date-time '\(expected)': use ISO-8601 (2021-06-24T12:40:27Z, 2021-06-24T12:40:27, "
                    + "2021-06-24), an HTTP date (Tue, 01 Jun 2021 15:16:17 GMT), or now, now +3 days, now -15 seconds")
        }
    }

    private static func explicitOffset(amount: Int?, unitName: String?) throws(DateTimeMatchError) -> DateTimeOffset? {
        var unit: DateTimeUnit?
        if let unitName {
            guard let known = DateTimeUnit(name: unitName) else { throw DateTimeUnit.unknown(unitName) }
            unit = known
        }
        if let amount {
            guard Int32(exactly: amount) != nil else {
                throw DateTimeMatchError("expectedOffset \(amount) is out of range")
            }
        }
        guard let amount, let unit else { return nil }
        return DateTimeOffset(amount: amount, unit: unit)
    }

    /// The expected date-time for a request arriving at `now`.
    private func resolvedExpected(now: Date) -> ParsedDateTime {
        switch expectation {
        case .fixed(let value):
            return value
        case .relativeToNow(let offset):
            let truncation = truncateExpected
            return ExpectedDateTime.zonedNow(now).withWallClock { clock in
                ExpectedDateTime.adjust(
                    clock, offset: offset, truncation: truncation, truncationLast: applyTruncationLast)
            }
        }
    }

    /// The two clocks to compare, or nil when the actual value is missing or unreadable.
    private func comparands(_ actual: String?, now: Date) -> (actual: WallClock, expected: WallClock)? {
        guard let actual, var value = actualParser.parse(actual) else { return nil }
        if let truncateActual { value = value.withWallClock(truncateActual.truncate) }
        let expected = resolvedExpected(now: now)
        return expected.isZoned ? (value.instant, expected.instant) : (value.wallClock, expected.wallClock)
    }

    /// Whether `actual` satisfies the matcher for a request arriving at `now`.
    public func matches(_ actual: String?, now: Date = Date()) -> Bool {
        guard let pair = comparands(actual, now: now) else { return false }
        return Self.compare(pair.actual, pair.expected, with: self.operator)
    }

    /// How far `actual` is from matching, for near-miss ranking: 0 when it matches, 1 when it is
    /// missing or unreadable, and otherwise `(d + 1) / (d + 1 + 2 years)` with `d` the gap in
    /// milliseconds between actual and expected. That is WireMock's measure, with the `+ 1` so
    /// that a non-match at zero gap (`before` an equal time) still scores above 0.
    public func distance(_ actual: String?, now: Date = Date()) -> Double {
        guard let pair = comparands(actual, now: now) else { return 1 }
        if Self.compare(pair.actual, pair.expected, with: self.operator) { return 0 }
        let gapMillis = abs(pair.actual.secondsSince(pair.expected)) * 1000 + 1
        let twoYearsMillis = 2.0 * 365 * 86_400 * 1000
        return gapMillis / (gapMillis + twoYearsMillis)
    }

    private static func compare(_ actual: WallClock, _ expected: WallClock, with comparison: Operator) -> Bool {
        switch comparison {
        case .before: return actual < expected
        case .after: return actual > expected
        case .equalToDateTime: return actual == expected
        }
    }
}
