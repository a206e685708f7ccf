import Foundation
import Testing
import UnderstudyTemplating

@Suite struct DateTimeActualFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let format: String
        let actual: String
        let expected: String
        var testDescription: String { "\(format): \(actual) = \(expected)" }
    }

    @Test(arguments: [
        Case(format: "dd/MM/yyyy", actual: "24/06/2021", expected: "2021-06-24T00:00:00"),
        Case(format: "dd/MM/yyyy", actual: "24/06/2021", expected: "2021-06-24T00:00:00Z"),
        Case(format: "d/M/yyyy", actual: "4/6/2021", expected: "2021-06-04T00:00:00"),
        Case(format: "d/M/yyyy", actual: "14/11/2021", expected: "2021-11-14T00:00:00"),
        Case(format: "dd/MM/yy", actual: "24/06/21", expected: "2021-06-24T00:00:00"),
        Case(format: "yyyyMMddHHmmss", actual: "20210624120000", expected: "2021-06-24T12:00:00"),
        Case(format: "yyyyMMdd", actual: "20210624", expected: "2021-06-24"),
        Case(format: "yyyy-MM-dd HH:mm:ss.SSS", actual: "2021-06-24 12:00:00.250", expected: "2021-06-24T12:00:00.25"),
        Case(format: "dd/MM/yyyy HH:mm XXX", actual: "24/06/2021 14:00 +02:00", expected: "2021-06-24T12:00:00Z"),
        Case(format: "dd/MM/yyyy HH:mm XXX", actual: "24/06/2021 12:00 Z", expected: "2021-06-24T12:00:00Z"),
        // An unencoded "+" that arrived as a space is put back, as WireMock does.
        Case(format: "dd/MM/yyyy HH:mm:ssXXX", actual: "24/06/2021 14:00:00 02:00", expected: "2021-06-24T12:00:00Z"),
        Case(format: "dd/MM/yyyy HH:mm Z", actual: "24/06/2021 07:00 -0500", expected: "2021-06-24T12:00:00Z"),
        Case(
            format: "EEE, dd MMM yyyy HH:mm:ss z", actual: "Thu, 24 Jun 2021 12:00:00 GMT",
            expected: "2021-06-24T12:00:00Z"),
        Case(format: "EEEE d MMMM yyyy", actual: "Thursday 24 June 2021", expected: "2021-06-24"),
        Case(format: "yyyy-MM-dd'T'HH:mm[:ss]", actual: "2021-06-24T12:00", expected: "2021-06-24T12:00:00"),
        Case(format: "yyyy-MM-dd'T'HH:mm[:ss]", actual: "2021-06-24T12:00:30", expected: "2021-06-24T12:00:30"),
        Case(format: "hh:mm a dd/MM/yyyy", actual: "02:30 PM 24/06/2021", expected: "2021-06-24T14:30:00"),
        Case(format: "hh:mm a dd/MM/yyyy", actual: "12:05 AM 24/06/2021", expected: "2021-06-24T00:05:00"),
        Case(format: "'Day' dd 'of' MM, yyyy", actual: "Day 24 of 06, 2021", expected: "2021-06-24"),
        Case(format: "yyyy-MM-dd HH:mm VV", actual: "2021-01-15 13:00 Europe/Paris", expected: "2021-01-15T12:00:00Z"),
        Case(format: "yyyy-MM", actual: "2021-06", expected: "2021-06-01T00:00:00"),
        // Java's SMART resolver pulls a day past the month's end back to its last day.
        Case(format: "dd/MM/yyyy", actual: "31/04/2021", expected: "2021-04-30T00:00:00"),
        Case(format: "unix", actual: "1624536000", expected: "2021-06-24T12:00:00Z"),
        Case(format: "UNIX", actual: "1624536000", expected: "2021-06-24T12:00:00Z"),
        Case(format: "epoch", actual: "1624536000123", expected: "2021-06-24T12:00:00.123Z"),
        Case(format: "epoch", actual: "-1", expected: "1969-12-31T23:59:59.999Z")
    ])
    func readsActualsWithTheFormat(_ c: Case) throws {
        let pattern = try equalTo(c.expected, actualFormat: c.format)
        #expect(pattern.matches(c.actual))
        #expect(pattern.actualFormat == c.format)
    }

    @Test(arguments: [
        Case(format: "dd/MM/yyyy", actual: "2021-06-24T00:00:00Z", expected: "2021-06-24T00:00:00Z"),
        Case(format: "dd/MM/yyyy", actual: "24/06/2021 ", expected: "2021-06-24T00:00:00"),
        Case(format: "dd/MM/yyyy", actual: "24-06-2021", expected: "2021-06-24T00:00:00"),
        Case(format: "dd/MM/yyyy", actual: "32/06/2021", expected: "2021-06-24T00:00:00"),
        Case(format: "dd/MM/yyyy", actual: "24/13/2021", expected: "2021-06-24T00:00:00"),
        Case(format: "EEE dd/MM/yyyy", actual: "Mon 24/06/2021", expected: "2021-06-24T00:00:00"),
        Case(format: "dd/MM", actual: "24/06", expected: "2021-06-24T00:00:00"),
        Case(
            format: "yyyy-MM-dd HH:mm z", actual: "2021-06-24 12:00 Nowhere/Special", expected: "2021-06-24T12:00:00Z"),
        Case(format: "unix", actual: "12.5", expected: "1970-01-01T00:00:12Z"),
        Case(format: "epoch", actual: "", expected: "1970-01-01T00:00:00Z")
    ])
    func rejectsActualsTheFormatDoesNotDescribe(_ c: Case) throws {
        #expect(try !equalTo(c.expected, actualFormat: c.format).matches(c.actual))
    }

    @Test(arguments: ["", "dd/MM/yyyy gg", "ddd/MM/yyyy", "yyyy]", "'unclosed", "yyyy{MM}", "MMMMM", "HHH", "Q", "V"])
    func refusesPatternsItCannotRead(_ format: String) {
        #expect(throws: DateTimeMatchError.self) {
            try equalTo("2021-06-24", actualFormat: format)
        }
    }

    @Test func errorNamesThePatternAndTheLetter() {
        #expect(
            throws: DateTimeMatchError("Invalid actualFormat 'dd/MM/yyyy G': the pattern letter 'G' is not supported")
        ) {
            try equalTo("2021-06-24", actualFormat: "dd/MM/yyyy G")
        }
    }
}
