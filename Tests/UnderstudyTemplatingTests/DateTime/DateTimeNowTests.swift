import Foundation
import Testing
import UnderstudyTemplating

@Suite struct DateTimeNowTests {
    /// A Tuesday, mid-month, mid-year, with a fraction so truncations have something to drop.
    static let now = utcInstant("2021-06-15T10:20:30Z").addingTimeInterval(0.5)
    static let wholeNow = utcInstant("2021-06-15T10:20:30Z")

    @Test(arguments: [
        ("now", "2021-06-15T10:20:30Z"),
        ("NOW", "2021-06-15T10:20:30Z"),
        ("now +3 days", "2021-06-18T10:20:30Z"),
        ("now -15 seconds", "2021-06-15T10:20:15Z"),
        ("now +1 second", "2021-06-15T10:20:31Z"),
        ("now +90 minutes", "2021-06-15T11:50:30Z"),
        ("now -1 minute", "2021-06-15T10:19:30Z"),
        ("now -2 hours", "2021-06-15T08:20:30Z"),
        ("now +1 hour", "2021-06-15T11:20:30Z"),
        ("now +1 day", "2021-06-16T10:20:30Z"),
        ("now +7 months", "2022-01-15T10:20:30Z"),
        ("now -1 month", "2021-05-15T10:20:30Z"),
        ("now -1 years", "2020-06-15T10:20:30Z"),
        ("now +1 year", "2022-06-15T10:20:30Z"),
        ("Now +3 Days", "2021-06-18T10:20:30Z"),
        ("3 days", "2021-06-18T10:20:30Z"),
        ("+3 days", "2021-06-18T10:20:30Z"),
        ("-3 days", "2021-06-12T10:20:30Z"),
        ("now 3 days", "2021-06-18T10:20:30Z")
    ])
    func offsetsFromNow(_ expression: String, _ expected: String) throws {
        let pattern = try DateTimePattern(operator: .equalToDateTime, expected: expression)
        #expect(pattern.matches(expected, now: Self.wholeNow))
        #expect(!pattern.matches(expected, now: Self.wholeNow.addingTimeInterval(1)))
    }

    @Test(arguments: [
        ("2021-01-31T08:00:00Z", "now +1 months", "2021-02-28T08:00:00Z"),
        ("2020-01-31T08:00:00Z", "now +1 months", "2020-02-29T08:00:00Z"),
        ("2020-02-29T08:00:00Z", "now +1 years", "2021-02-28T08:00:00Z"),
        ("2021-03-31T08:00:00Z", "now -1 months", "2021-02-28T08:00:00Z"),
        ("2021-12-31T23:59:59Z", "now +1 seconds", "2022-01-01T00:00:00Z")
    ])
    func monthAndYearOffsetsClampTheDay(_ now: String, _ expression: String, _ expected: String) throws {
        let pattern = try DateTimePattern(operator: .equalToDateTime, expected: expression)
        #expect(pattern.matches(expected, now: utcInstant(now)))
    }

    @Test func beforeAndAfterNowFollowTheClock() throws {
        let beforeNow = try DateTimePattern(operator: .before, expected: "now")
        let afterNow = try DateTimePattern(operator: .after, expected: "now +1 hours")
        #expect(beforeNow.matches("2021-06-15T10:20:29Z", now: Self.wholeNow))
        #expect(!beforeNow.matches("2021-06-15T10:20:31Z", now: Self.wholeNow))
        #expect(afterNow.matches("2021-06-15T11:20:31Z", now: Self.wholeNow))
        #expect(!afterNow.matches("2021-06-15T11:20:29Z", now: Self.wholeNow))
        // A local actual is read as UTC against a now-relative expectation.
        #expect(beforeNow.matches("2021-06-15T10:20:29", now: Self.wholeNow))
        #expect(afterNow.matches("Tue, 15 Jun 2021 12:00:00 GMT", now: Self.wholeNow))
    }

    @Test func expectedOffsetFieldsReplaceTheWrittenOffset() throws {
        let twoMonths = try DateTimePattern(
            operator: .equalToDateTime, expected: "now", expectedOffset: 2, expectedOffsetUnit: "months")
        #expect(twoMonths.matches("2021-08-15T10:20:30Z", now: Self.wholeNow))
        let overridden = try DateTimePattern(
            operator: .equalToDateTime, expected: "now +5 days", expectedOffset: -1, expectedOffsetUnit: "DAYS")
        #expect(overridden.matches("2021-06-14T10:20:30Z", now: Self.wholeNow))
        #expect(!overridden.matches("2021-06-20T10:20:30Z", now: Self.wholeNow))
    }

    @Test func expectedOffsetWithoutAUnitHasNoEffect() throws {
        let pattern = try DateTimePattern(operator: .equalToDateTime, expected: "now +5 days", expectedOffset: 3)
        #expect(pattern.matches("2021-06-20T10:20:30Z", now: Self.wholeNow))
        #expect(pattern.expectedOffset == 3)
    }

    @Test func expectedOffsetShiftsALiteral() throws {
        let pattern = try DateTimePattern(
            operator: .equalToDateTime, expected: "2021-06-15T00:00:00Z", expectedOffset: 3, expectedOffsetUnit: "days")
        #expect(pattern.matches("2021-06-18T00:00:00Z", now: Self.wholeNow))
        #expect(!pattern.matches("2021-06-15T00:00:00Z", now: Self.wholeNow))
    }

    @Test(arguments: [
        (DateTimePattern.Truncation.firstSecondOfMinute, "2021-06-15T10:20:00Z"),
        (.firstMinuteOfHour, "2021-06-15T10:00:00Z"),
        (.firstHourOfDay, "2021-06-15T00:00:00Z"),
        (.firstDayOfMonth, "2021-06-01T00:00:00Z"),
        (.firstDayOfNextMonth, "2021-07-01T00:00:00Z"),
        (.lastDayOfMonth, "2021-06-30T00:00:00Z"),
        (.firstDayOfYear, "2021-01-01T00:00:00Z"),
        (.firstDayOfNextYear, "2022-01-01T00:00:00Z"),
        (.lastDayOfYear, "2021-12-31T00:00:00Z")
    ])
    func truncatesNow(_ truncation: DateTimePattern.Truncation, _ expected: String) throws {
        let pattern = try DateTimePattern(
            operator: .equalToDateTime, expected: "now", truncateExpected: truncation.rawValue)
        #expect(pattern.truncateExpected == truncation)
        #expect(pattern.matches(expected, now: Self.now))
        #expect(!pattern.matches(expected, now: Self.now.addingTimeInterval(400 * 86_400)))
    }

    @Test(arguments: [
        ("2021-12-10T05:00:00Z", DateTimePattern.Truncation.firstDayOfNextMonth, "2022-01-01T00:00:00Z"),
        ("2021-02-10T05:00:00Z", .lastDayOfMonth, "2021-02-28T00:00:00Z"),
        ("2024-02-10T05:00:00Z", .lastDayOfMonth, "2024-02-29T00:00:00Z"),
        ("2021-04-30T23:59:59Z", .lastDayOfMonth, "2021-04-30T00:00:00Z"),
        ("1969-12-31T23:59:59Z", .firstHourOfDay, "1969-12-31T00:00:00Z"),
        ("1969-07-20T20:17:40Z", .firstMinuteOfHour, "1969-07-20T20:00:00Z")
    ])
    func truncatesAtMonthYearAndEpochEdges(_ now: String, _ truncation: DateTimePattern.Truncation, _ expected: String)
        throws
    {
        let pattern = try DateTimePattern(
            operator: .equalToDateTime, expected: "now", truncateExpected: truncation.rawValue)
        #expect(pattern.matches(expected, now: utcInstant(now)))
    }

    @Test func truncationComesBeforeTheOffsetByDefault() throws {
        // "After the 15th of this month": first day of month, then +15 days.
        let pattern = try DateTimePattern(
            operator: .after, expected: "now +15 days", truncateExpected: "first day of month")
        #expect(pattern.matches("2021-06-16T00:00:01Z", now: Self.now))
        #expect(!pattern.matches("2021-06-16T00:00:00Z", now: Self.now))
    }

    @Test func applyTruncationLastOffsetsFirst() throws {
        // WireMock's documented example: on 1 September, "now +1 months" truncated to the last
        // day of the month is 31 October when truncation comes last, 30 October otherwise.
        let september1 = utcInstant("2021-09-01T12:00:00Z")
        let last = try DateTimePattern(
            operator: .equalToDateTime, expected: "now +1 months",
            truncateExpected: "last day of month", applyTruncationLast: true)
        let first = try DateTimePattern(
            operator: .equalToDateTime, expected: "now +1 months",
            truncateExpected: "last day of month")
        #expect(last.matches("2021-10-31T00:00:00Z", now: september1))
        #expect(first.matches("2021-10-30T00:00:00Z", now: september1))
        #expect(!first.matches("2021-10-31T00:00:00Z", now: september1))
    }

    @Test func truncateExpectedAppliesToALiteral() throws {
        let pattern = try DateTimePattern(
            operator: .equalToDateTime, expected: "2021-06-15T10:20:30+02:00", truncateExpected: "first hour of day")
        #expect(pattern.matches("2021-06-15T00:00:00+02:00"))
        #expect(pattern.matches("2021-06-14T22:00:00Z"))
    }

    @Test(arguments: ["FIRST_DAY_OF_MONTH", "First Day Of Month", "first day of month", "first_day_of_month"])
    func truncationNamesAreReadLooselyAndWrittenCanonically(_ name: String) throws {
        let pattern = try DateTimePattern(operator: .before, expected: "now", truncateActual: name)
        #expect(pattern.truncateActual == .firstDayOfMonth)
        #expect(pattern.truncateActual?.rawValue == "first day of month")
    }
}
