import Foundation
import Testing
import UnderstudyJSON

@Suite struct JSONEqualityDifferencesTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let expected: String
        let actual: String
        var ignoreArrayOrder = false
        var ignoreExtraElements = false
        let differences: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        .init(
            name: "changed, missing and unexpected members", expected: #"{"a":1,"b":2}"#, actual: #"{"a":2,"c":3}"#,
            differences: ["$.a: expected 1 but was 2", "$.b: missing", "$.c: unexpected"]),
        .init(
            name: "extra members are not reported when ignored", expected: #"{"a":1,"b":2}"#, actual: #"{"a":2,"c":3}"#,
            ignoreExtraElements: true, differences: ["$.a: expected 1 but was 2", "$.b: missing"]),
        .init(
            name: "array paths", expected: #"{"items":[1,2]}"#, actual: #"{"items":[1,3,4]}"#,
            differences: ["$.items[1]: expected 2 but was 3", "$.items[2]: unexpected"]),
        .init(name: "missing trailing item", expected: "[1,2]", actual: "[1]", differences: ["$[1]: missing"]),
        .init(
            name: "odd keys are bracketed", expected: #"{"odd key":1,"it's":2}"#, actual: #"{"odd key":2,"it's":3}"#,
            differences: ["$['odd key']: expected 1 but was 2", #"$['it\'s']: expected 2 but was 3"#]),
        .init(
            name: "type mismatch", expected: #"{"a":{"b":1}}"#, actual: #"{"a":"b"}"#,
            differences: [#"$.a: expected {"b":1} but was "b""#]),
        .init(
            name: "placeholder", expected: #"{"id":"${json-unit.any-number}"}"#, actual: #"{"id":"x"}"#,
            differences: [#"$.id: expected any number but was "x""#]),
        .init(
            name: "regex", expected: #"{"id":"${json-unit.regex}[a-z]+"}"#, actual: #"{"id":"123"}"#,
            differences: [#"$.id: expected a string matching [a-z]+ but was "123""#]),
        .init(
            name: "unordered: one element swapped", expected: "[1,2,3]", actual: "[3,2,4]", ignoreArrayOrder: true,
            differences: ["$[2]: expected 1 but was 4"]),
        .init(
            name: "unordered: missing and unexpected", expected: "[1,2,3]", actual: "[3,4]", ignoreArrayOrder: true,
            differences: [
                "$[0]: missing (no element matches 1)", "$[1]: missing (no element matches 2)", "$[1]: unexpected"
            ]),
        .init(
            name: "unordered nested object difference", expected: #"[{"id":1,"v":"a"},{"id":2,"v":"b"}]"#,
            actual: #"[{"id":2,"v":"b"},{"id":1,"v":"z"}]"#, ignoreArrayOrder: true,
            differences: [#"$[1].v: expected "a" but was "z""#]),
        .init(name: "null vs missing", expected: #"{"a":null}"#, actual: "{}", differences: ["$.a: missing"]),
        .init(
            name: "unsupported matcher", expected: #""${json-unit.matches:positive}""#, actual: "1",
            differences: ["$: expected matcher 'positive' (${json-unit.matches} is not supported) but was 1"])
    ]

    @Test(arguments: rows)
    func differences(_ row: Row) throws {
        let pattern = try JSONEquality(
            expected: JSONParser.parse(row.expected), ignoreArrayOrder: row.ignoreArrayOrder,
            ignoreExtraElements: row.ignoreExtraElements)
        #expect(pattern.differences(try JSONParser.parse(row.actual)) == row.differences)
    }

    @Test func longValuesAreShortened() throws {
        let long = String(repeating: "x", count: 500)
        let pattern = try JSONEquality(expected: ["a": "short"])
        let differences = pattern.differences(["a": .string(long)])
        #expect(differences.count == 1)
        #expect(differences[0].hasSuffix("…"))
        #expect(differences[0].count < 120)
    }

    /// Every verdict in the matching tables agrees with `differences` and `distance`.
    static let allCases =
        JSONEqualityMatchingTests.plainCases + JSONEqualityMatchingTests.arrayOrderCases
        + JSONEqualityMatchingTests.extraElementCases + JSONEqualityPlaceholderTests.cases

    @Test(arguments: allCases)
    func differencesAndDistanceAgreeWithMatches(_ row: JSONEqualityCase) throws {
        let pattern = try row.pattern()
        let actual = try row.actualValue()
        #expect(pattern.differences(actual).isEmpty == row.matches)
        #expect((pattern.distance(actual) == 0) == row.matches)
        #expect((0...1).contains(pattern.distance(actual)))
    }
}
