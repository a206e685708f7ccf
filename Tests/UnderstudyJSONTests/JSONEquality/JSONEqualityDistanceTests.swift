import Foundation
import Testing

@testable import UnderstudyJSON

/// Distances from WireMock's own `EqualToJsonTest`, which counts nodes with `Json.deepSize`.
@Suite struct JSONEqualityDistanceTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let expected: String
        let actual: String
        var ignoreArrayOrder = false
        let distance: Double
        var testDescription: String { name }
    }

    static let fourMembers = #"{"one":1,"two":2,"three":3,"four":4}"#

    static let rows: [Row] = [
        .init(
            name: "exact match", expected: fourMembers, actual: #"{"four":4,"three":3,"two":2,"one":1}"#, distance: 0),
        .init(
            name: "two of four values differ", expected: fourMembers, actual: #"{"one":1,"two":2,"three":7,"four":8}"#,
            distance: 0.4),
        .init(name: "object vs array", expected: fourMembers, actual: "[1, 2, 3]", distance: 1),
        .init(name: "actual is an empty object", expected: fourMembers, actual: "{}", distance: 0.8),
        .init(name: "actual is an empty array", expected: fourMembers, actual: "[]", distance: 1),
        .init(name: "expected is an empty object", expected: "{}", actual: fourMembers, distance: 0.8),
        .init(name: "expected is an empty array", expected: "[]", actual: fourMembers, distance: 1),
        .init(
            name: "subtree missing from actual",
            expected:
                #"{"one":"GET","two":2,"three":{"four":"FOUR","five":[{"six":6,"seven":7},{"eight":8,"nine":9}]}}"#,
            actual: #"{"one":"GET","two":2,"three":{"four":"FOUR"}}"#, distance: 0.5625),
        // Three missing plus three extra weigh 6 against 4 nodes: capped at 1.
        .init(name: "capped at one", expected: "[1,2,3]", actual: "[4,5,6]", ignoreArrayOrder: true, distance: 1),
        .init(name: "same values in order mode", expected: "[1,2,3]", actual: "[4,5,6]", distance: 0.75)
    ]

    @Test(arguments: rows)
    func distance(_ row: Row) throws {
        let pattern = try JSONEquality(expected: JSONParser.parse(row.expected), ignoreArrayOrder: row.ignoreArrayOrder)
        let distance = pattern.distance(try JSONParser.parse(row.actual))
        #expect(abs(distance - row.distance) < 1e-9, "got \(distance)")
    }

    @Test func nodeWeightCountsNestedContainersLikeWireMock() throws {
        #expect(JSONNodeWeight.of(1) == 1)
        #expect(JSONNodeWeight.of(["a": 1]) == 2)
        #expect(JSONNodeWeight.of(["a": ["b": 1]]) == 4)
        #expect(JSONNodeWeight.of([[1, 2], 3]) == 6)
    }

    @Test func closerDocumentsHaveSmallerDistances() throws {
        let pattern = try JSONEquality(expected: JSONParser.parse(#"{"a":1,"b":2,"c":3,"d":4,"e":5}"#))
        let oneOff = pattern.distance(try JSONParser.parse(#"{"a":1,"b":2,"c":3,"d":4,"e":6}"#))
        let twoOff = pattern.distance(try JSONParser.parse(#"{"a":1,"b":2,"c":3,"d":5,"e":6}"#))
        #expect(0 < oneOff && oneOff < twoOff && twoOff < 1)
    }

    @Test func nonMatchesAlwaysHaveSomeDistance() throws {
        let pattern = try JSONEquality(expected: "${json-unit.matches:anything}")
        #expect(pattern.distance("x") > 0)
    }
}
