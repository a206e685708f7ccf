import Foundation
import Testing
import UnderstudyTemplating

@Suite struct DateTimeDistanceTests {
    @Test func isZeroForAMatch() throws {
        let pattern = try DateTimePattern(operator: .before, expected: "2021-06-24T12:00:00Z")
        #expect(pattern.distance("2001-01-01T00:00:00Z") == 0)
    }

    @Test func isOneForMissingOrUnreadable() throws {
        let pattern = try DateTimePattern(operator: .before, expected: "2021-06-24T12:00:00Z")
        #expect(pattern.distance(nil) == 1)
        #expect(pattern.distance("soon") == 1)
    }

    @Test func growsWithTheGapAndStaysInsideZeroToOne() throws {
        let pattern = try DateTimePattern(operator: .equalToDateTime, expected: "2021-06-24T12:00:00Z")
        let second = pattern.distance("2021-06-24T12:00:01Z")
        let day = pattern.distance("2021-06-25T12:00:00Z")
        let year = pattern.distance("2022-06-24T12:00:00Z")
        let millennium = pattern.distance("3021-06-24T12:00:00Z")
        #expect(0 < second && second < day && day < year && year < millennium && millennium < 1)
        // Two years away is roughly half way, as in WireMock's measure.
        #expect(abs(pattern.distance("2023-06-24T12:00:00Z") - 0.5) < 0.01)
    }

    @Test func nonMatchAtZeroGapIsStillAboveZero() throws {
        let pattern = try DateTimePattern(operator: .before, expected: "2021-06-24T12:00:00Z")
        let distance = pattern.distance("2021-06-24T12:00:00Z")
        #expect(distance > 0 && distance < 1e-9)
    }
}
