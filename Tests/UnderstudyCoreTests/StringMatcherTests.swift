import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// Section 1.3 of the reference: each string operator, including what it does with an absent value.
@Suite struct StringMatcherTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let matcher: String
        let value: String?
        let matches: Bool
        var testDescription: String { "\(matcher) vs \(value.map { "'\($0)'" } ?? "absent") → \(matches)" }
    }

    static let cases: [Case] = [
        Case(matcher: #"{"equalTo":"abc"}"#, value: "abc", matches: true),
        Case(matcher: #"{"equalTo":"abc"}"#, value: "ABC", matches: false),
        Case(matcher: #"{"equalTo":"abc","caseInsensitive":true}"#, value: "ABC", matches: true),
        Case(matcher: #"{"equalTo":"abc"}"#, value: nil, matches: false),
        Case(matcher: #"{"contains":"b"}"#, value: "abc", matches: true),
        Case(matcher: #"{"contains":"z"}"#, value: "abc", matches: false),
        Case(matcher: #"{"contains":"b"}"#, value: nil, matches: false),
        Case(matcher: #"{"doesNotContain":"z"}"#, value: "abc", matches: true),
        Case(matcher: #"{"doesNotContain":"b"}"#, value: "abc", matches: false),
        Case(matcher: #"{"doesNotContain":"b"}"#, value: nil, matches: true),
        Case(matcher: #"{"matches":"a.c"}"#, value: "abc", matches: true),
        Case(matcher: #"{"matches":"b"}"#, value: "abc", matches: false),  // whole-string match, not a search
        Case(matcher: #"{"matches":"a|ab"}"#, value: "ab", matches: true),
        Case(matcher: #"{"matches":".*"}"#, value: nil, matches: false),
        Case(matcher: #"{"doesNotMatch":"x.*"}"#, value: "abc", matches: true),
        Case(matcher: #"{"doesNotMatch":"a.*"}"#, value: "abc", matches: false),
        Case(matcher: #"{"doesNotMatch":"a.*"}"#, value: nil, matches: true),
        Case(matcher: #"{"absent":true}"#, value: nil, matches: true),
        Case(matcher: #"{"absent":true}"#, value: "", matches: false),
        Case(matcher: #"{"anything":"whatever"}"#, value: nil, matches: true),
        Case(matcher: #"{"not":{"absent":true}}"#, value: "x", matches: true),
        Case(matcher: #"{"not":{"absent":true}}"#, value: nil, matches: false),
        Case(matcher: #"{"and":[{"contains":"a"},{"contains":"c"}]}"#, value: "abc", matches: true),
        Case(matcher: #"{"and":[{"contains":"a"},{"contains":"z"}]}"#, value: "abc", matches: false),
        Case(matcher: #"{"or":[{"equalTo":"x"},{"matches":"[a-c]+"}]}"#, value: "abc", matches: true),
        Case(matcher: #"{"or":[{"equalTo":"x"},{"equalTo":"y"}]}"#, value: "abc", matches: false),
        Case(matcher: #"{"equalToJson":"{\"a\":1}"}"#, value: #"{ "a" : 1.0 }"#, matches: true),
        Case(matcher: #"{"equalToJson":{"a":[1,2]},"ignoreArrayOrder":true}"#, value: #"{"a":[2,1]}"#, matches: true),
        Case(matcher: #"{"equalToJson":"{\"a\":1}"}"#, value: "not json", matches: false),
        Case(matcher: #"{"matchesJsonPath":"$.a"}"#, value: #"{"a":{}}"#, matches: true),
        Case(matcher: #"{"matchesJsonPath":"$.b"}"#, value: #"{"a":1}"#, matches: false),
        Case(matcher: #"{"matchesJsonPath":"$.items[?(@.n > 2)]"}"#, value: #"{"items":[{"n":1}]}"#, matches: false),
        Case(
            matcher: #"{"matchesJsonPath":{"expression":"$.name","equalTo":"Rita"}}"#, value: #"{"name":"Rita"}"#,
            matches: true),
        Case(
            matcher: #"{"matchesJsonPath":{"expression":"$.tags","contains":"b"}}"#, value: #"{"tags":["a","b"]}"#,
            matches: true),
        Case(
            matcher: #"{"matchesJsonPath":{"expression":"$.missing","absent":true}}"#, value: #"{"a":1}"#, matches: true
        ),
        Case(
            matcher: #"{"matchesJsonSchema":"{\"type\":\"object\",\"required\":[\"id\"]}"}"#, value: #"{"id":1}"#,
            matches: true),
        Case(
            matcher: #"{"matchesJsonSchema":"{\"type\":\"object\",\"required\":[\"id\"]}","schemaVersion":"V4"}"#,
            value: #"{}"#, matches: false),
        Case(matcher: #"{"equalToXml":"<a><b>1</b></a>"}"#, value: "<a>\n  <b>1</b>\n</a>", matches: true),
        Case(matcher: #"{"matchesXPath":"//b[text()='1']"}"#, value: "<a><b>1</b></a>", matches: true),
        Case(
            matcher: #"{"matchesXPath":{"expression":"//b/text()","equalTo":"2"}}"#, value: "<a><b>1</b></a>",
            matches: false),
        Case(matcher: #"{"binaryEqualTo":"aGk="}"#, value: "hi", matches: true),
        Case(matcher: #"{"before":"2030-01-01T00:00:00Z"}"#, value: "2021-06-01T00:00:00Z", matches: true),
        Case(matcher: #"{"after":"2030-01-01T00:00:00Z"}"#, value: "2021-06-01T00:00:00Z", matches: false),
        Case(matcher: #"{"equalToDateTime":"2021-06-01T00:00:00Z"}"#, value: "2021-06-01T02:00:00+02:00", matches: true)
    ]

    @Test(arguments: cases)
    func matcher(_ c: Case) throws {
        let pattern = try StringValuePattern(json: JSONParser.parse(c.matcher))
        #expect(pattern.matches(c.value) == c.matches)
        // The JSON form survives a round trip with the same meaning.
        let again = try StringValuePattern(json: pattern.json)
        #expect(again.matches(c.value) == c.matches)
    }

    @Test(arguments: [
        (#"{"matching":"x"}"#, #"{"matching":"x"} is not a valid match operation"#),
        (#"{"matches":"[a-"}"#, "Invalid regular expression '[a-'"),
        (#"{"equalToJson":"{nope"}"#, "equalToJson expects valid JSON"),
        (#"{"matchesJsonPath":"$.a[?(@.b ==="}"#, "Invalid JSONPath"),
        (#"{"before":"not a date"}"#, "Unparsable expected date-time"),
        (#"{"and":[]}"#, "non-empty array")
    ])
    func badOperatorsAreRejectedWithAReason(_ json: String, _ reason: String) throws {
        let value = try JSONParser.parse(json)
        do {
            _ = try StringValuePattern(json: value)
            Issue.record("expected \(json) to be rejected")
        } catch {
            #expect(error.detail?.contains(reason) == true, "\(error)")
        }
    }

    @Test func equalToDistanceIsNormalisedLevenshtein() throws {
        let pattern = StringValuePattern.equalTo("/thing")
        #expect(pattern.distance("/thing") == 0)
        #expect(abs(pattern.distance("/thin") - 1.0 / 6.0) < 1e-9)
        #expect(pattern.distance(nil) == 1)
    }
}
