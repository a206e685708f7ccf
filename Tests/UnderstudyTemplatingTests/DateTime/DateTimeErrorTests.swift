import Foundation
import Testing
import UnderstudyTemplating

@Suite struct DateTimeErrorTests {
    @Test(arguments: [
        "", "garbage", "2021-13-01", "2021-02-30", "now+3 days", "now +3", "24/06/2021", "tomorrow",
        "2021-06-24 12:00:00"
    ])
    func unparsableExpectedIsRefused(_ expected: String) {
        for op in DateTimePattern.Operator.allCases {
            #expect(throws: DateTimeMatchError.self) { try DateTimePattern(operator: op, expected: expected) }
        }
    }

    @Test func unparsableExpectedMessageQuotesTheValue() {
        do {
            _ = try DateTimePattern(operator: .before, expected: "garbage")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("'garbage'"))
            #expect(error.description == error.message)
        }
    }

    @Test(arguments: ["now +3 fortnights", "+1 weeks", "now -2 jiffies"])
    func unknownUnitInTheExpressionIsRefused(_ expected: String) {
        do {
            _ = try DateTimePattern(operator: .after, expected: expected)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("Unknown date-time offset unit"))
        }
    }

    @Test func unknownExpectedOffsetUnitIsRefused() {
        #expect(
            throws: DateTimeMatchError(
                "Unknown date-time offset unit 'weeks': expected one of seconds, minutes, hours, days, months, years")
        ) {
            try DateTimePattern(operator: .after, expected: "now", expectedOffset: 1, expectedOffsetUnit: "weeks")
        }
    }

    @Test(arguments: ["first day of week", "end of month", ""])
    func unknownTruncationIsRefused(_ name: String) {
        #expect(throws: DateTimeMatchError.self) {
            try DateTimePattern(operator: .before, expected: "now", truncateExpected: name)
        }
        #expect(throws: DateTimeMatchError.self) {
            try DateTimePattern(operator: .before, expected: "now", truncateActual: name)
        }
    }

    @Test func offsetsBeyondJavasIntAreRefused() {
        #expect(throws: DateTimeMatchError.self) {
            try DateTimePattern(operator: .before, expected: "now +99999999999 days")
        }
        #expect(throws: DateTimeMatchError.self) {
            try DateTimePattern(operator: .before, expected: "now", expectedOffset: Int.max, expectedOffsetUnit: "days")
        }
    }

    @Test func keepsEveryFieldAsGivenForWritingBack() throws {
        let pattern = try DateTimePattern(
            operator: .after, expected: "now +3 days", actualFormat: "dd/MM/yyyy",
            truncateExpected: "FIRST_DAY_OF_MONTH", truncateActual: "last day of year",
            applyTruncationLast: true, expectedOffset: 2, expectedOffsetUnit: "Days")
        #expect(pattern.operator == .after)
        #expect(pattern.expected == "now +3 days")
        #expect(pattern.actualFormat == "dd/MM/yyyy")
        #expect(pattern.truncateExpected == .firstDayOfMonth)
        #expect(pattern.truncateActual == .lastDayOfYear)
        #expect(pattern.applyTruncationLast)
        #expect(pattern.expectedOffset == 2)
        #expect(pattern.expectedOffsetUnit == "Days")
        #expect(
            try pattern
                == DateTimePattern(
                    operator: .after, expected: "now +3 days", actualFormat: "dd/MM/yyyy",
                    truncateExpected: "first day of month", truncateActual: "last day of year",
                    applyTruncationLast: true, expectedOffset: 2, expectedOffsetUnit: "Days"))
        #expect(try pattern != DateTimePattern(operator: .before, expected: "now +3 days"))
    }

    /// Not parameterized: Foundation itself traps when describing an infinite or NaN Date.
    @Test func extremeClocksDoNotCrash() throws {
        let pattern = try DateTimePattern(
            operator: .before, expected: "now +2147483647 years", truncateExpected: "last day of year")
        let clocks = [
            Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: .nan),
            Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: -1e18)
        ]
        for now in clocks {
            #expect(
                pattern.matches("2021-06-24T12:00:00Z", now: now)
                    == (pattern.distance("2021-06-24T12:00:00Z", now: now) == 0))
        }
    }
}
