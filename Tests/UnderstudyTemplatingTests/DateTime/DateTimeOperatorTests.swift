import Foundation
import Testing
import UnderstudyTemplating

@Suite struct DateTimeOperatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let op: DateTimePattern.Operator
        let expected: String
        let actual: String
        let matches: Bool
        var testDescription: String { "\(op.rawValue) \(expected) <- \(actual): \(matches)" }
    }

    @Test(arguments: [
        // Strict comparisons on instants.
        Case(op: .before, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T11:59:59Z", matches: true),
        Case(op: .before, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:00Z", matches: false),
        Case(op: .before, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:01Z", matches: false),
        Case(op: .after, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:01Z", matches: true),
        Case(op: .after, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:00Z", matches: false),
        Case(op: .after, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T11:00:00Z", matches: false),
        Case(op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:00Z", matches: true),
        Case(
            op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:00.001Z", matches: false),
        // Equality is on the instant, exact to the nanosecond.
        Case(op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:00.000Z", matches: true),
        Case(
            op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:00.000000001Z",
            matches: false),
        Case(
            op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T14:00:00+02:00", matches: true),
        Case(
            op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T07:30:00-04:30", matches: true),
        Case(op: .before, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T13:30:00+02:00", matches: true),
        Case(
            op: .equalToDateTime, expected: "2021-06-24T14:00:00+02:00", actual: "Thu, 24 Jun 2021 12:00:00 GMT",
            matches: true),
        Case(
            op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T13:00:00+01:00[Europe/London]",
            matches: true),
        // An unencoded '+' in a query string arrives as a space; it is put back.
        Case(
            op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T14:00:00 02:00", matches: true),
        // An HTTP date as the expected value.
        Case(op: .after, expected: "Tue, 01 Jun 2021 15:16:17 GMT", actual: "2021-06-01T15:16:18Z", matches: true),
        // Zoned expected, local actual: the actual is read as UTC.
        Case(op: .equalToDateTime, expected: "2021-06-24T12:00:00Z", actual: "2021-06-24T12:00:00", matches: true),
        Case(op: .equalToDateTime, expected: "2021-06-24T14:00:00+02:00", actual: "2021-06-24T12:00:00", matches: true),
        Case(op: .equalToDateTime, expected: "2021-06-24T00:00:00Z", actual: "2021-06-24", matches: true),
        Case(op: .equalToDateTime, expected: "2021-06-01T00:00:00Z", actual: "2021-06", matches: true),
        Case(op: .equalToDateTime, expected: "2021-01-01T00:00:00Z", actual: "2021", matches: true),
        // Local expected, zoned actual: the actual's offset is dropped, wall clocks compared.
        Case(op: .after, expected: "2021-06-24T12:00:00", actual: "2021-06-24T13:00:00+03:00", matches: true),
        Case(op: .equalToDateTime, expected: "2021-06-24T13:00:00", actual: "2021-06-24T13:00:00+03:00", matches: true),
        Case(op: .before, expected: "2021-06-24T12:00:00", actual: "2021-06-24T11:00:00-05:00", matches: true),
        // Local expected, local actual.
        Case(op: .before, expected: "2022-01-01T00:00:00", actual: "2021-01-01T00:00:00", matches: true),
        Case(op: .after, expected: "2020-01-01", actual: "2020-01-01T00:00:01", matches: true),
        Case(op: .equalToDateTime, expected: "2021-06-24", actual: "2021-06-24T00:00", matches: true)
    ])
    func comparesLiterals(_ c: Case) throws {
        let pattern = try DateTimePattern(operator: c.op, expected: c.expected)
        #expect(pattern.matches(c.actual) == c.matches)
    }

    @Test(arguments: [
        "Tue, 01 Jun 2021 15:16:17 GMT",
        "01 Jun 2021 15:16:17 GMT",
        "1 Jun 2021 15:16:17 GMT",
        "tue, 01 jun 2021 15:16:17 gmt",
        "Tue, 01 Jun 2021 17:16:17 +0200",
        "Tuesday, 01-Jun-21 15:16:17 GMT",
        "Tue Jun  1 15:16:17 2021",
        "Tue Jun 01 15:16:17 2021",
        "2021-06-01T15:16:17Z",
        "2021-06-01t15:16:17z",
        "2021-06-01T16:16:17+01:00",
        "2021-06-01T16:16:17+01:00:00"
    ])
    func readsEveryDefaultZonedFormat(_ actual: String) throws {
        #expect(try equalTo("2021-06-01T15:16:17Z").matches(actual))
    }

    @Test(
        arguments: [
            nil, "", "garbage", " 2021-06-24T12:00:00Z", "2021-06-24T12:00:00Z ",
            "2021-02-30T00:00:00Z", "2021-06-24T24:00:00Z", "2021-06-24T12:60:00Z", "2021-13-01",
            "2021-6-24", "2021-06-24T12", "2021-06-24T12:00:00+0200", "2021-06-24T12:00:00+19:00",
            "24/06/2021", "1624536000", "21-06-24",
            "Mon, 01 Jun 2021 15:16:17 GMT",  // 1 June 2021 was a Tuesday
            "Tue, 01 Jun 2021 15:16:17", "Tue Jun 1 15:16:17 2021"
        ] as [String?])
    func missingOrUnreadableActualNeverMatches(_ actual: String?) throws {
        for op in DateTimePattern.Operator.allCases {
            let pattern = try DateTimePattern(operator: op, expected: "2021-06-24T12:00:00Z")
            #expect(!pattern.matches(actual))
            #expect(pattern.distance(actual) == 1)
        }
    }

    @Test func truncateActualMatchesAWholeMonth() throws {
        let inMarch = try equalTo("2020-03-01T00:00:00Z", truncateActual: "first day of month")
        #expect(inMarch.matches("2020-03-17T13:14:15Z"))
        #expect(inMarch.matches("2020-03-31T23:59:59.999Z"))
        #expect(!inMarch.matches("2020-04-01T00:00:00Z"))
        #expect(!inMarch.matches("2020-02-29T23:59:59Z"))
    }

    @Test func truncateActualWorksOnTheActualsOwnWallClock() throws {
        // 01:30 at +02:00 truncates to midnight at +02:00, which is 22:00 UTC the day before.
        let pattern = try equalTo("2021-06-14T22:00:00Z", truncateActual: "first hour of day")
        #expect(pattern.matches("2021-06-15T01:30:00+02:00"))
        #expect(!pattern.matches("2021-06-15T01:30:00Z"))
    }

    @Test func truncateActualAppliesToLocalActualsToo() throws {
        let pattern = try equalTo(
            "2021-06-01T00:00:00", actualFormat: "dd/MM/yyyy", truncateActual: "first day of month")
        #expect(pattern.matches("15/06/2021"))
        #expect(!pattern.matches("15/07/2021"))
    }
}
