import Foundation
import Testing
import UnderstudyJSON

/// `hasMatch` is WireMock's `matchesJsonPath` without a sub-matcher.
@Suite struct JSONPathMatchTests {
    /// Cases from WireMock's MatchesJsonPathPatternTest.
    @Test(arguments: [
        ("$.one", #"{"one": 1}"#, true),
        ("$.one", #"{"two": 2}"#, false),
        ("$.numbers[?(@.number == '2')]", #"{"numbers": [{"number": 1}, {"number": 2}]}"#, true),
        ("$.numbers[?(@.number == '2')]", #"{"numbers": [{"number": 7}]}"#, false),
        ("$.numbers[?(@.number =~ /2/i)]", #"{"numbers": [{"number": 1}, {"number": 2}]}"#, true),
        ("$.numbers[?(@.number =~ /2/i)]", #"{"numbers": [{"number": 7}]}"#, false),
        ("$[?(@.numbers.size() == 2)]", #"{"numbers": [{"number": 1}, {"number": 2}]}"#, true),
        ("$[?(@.numbers.size() == 2)]", #"{"numbers": [{"number": 7}]}"#, false),
        ("$..thingOne[?(@.innerOne == 11)]", #"{"things": {"thingOne": {"innerOne": 11}, "thingTwo": 2}}"#, true)
    ])
    func wireMockExamples(_ expression: String, _ body: String, _ matches: Bool) throws {
        #expect(try JSONPath(expression).hasMatch(JSONParser.parse(body)) == matches)
    }

    @Test(arguments: [
        // definite: present and not null; empty containers count as present
        ("$.a", #"{"a": {}}"#, true),
        ("$.a", #"{"a": []}"#, true),
        ("$.a", #"{"a": null}"#, false),
        ("$.a", #"{"a": false}"#, true),
        ("$.a", #"{"a": 0}"#, true),
        ("$.a", #"{"a": ""}"#, true),
        ("$.a.b", #"{"a": "text"}"#, false),
        ("$", "{}", true),
        ("$", "null", false),
        ("$.a.length()", #"{"a": []}"#, true),
        ("$.a.length()", #"{"a": "x"}"#, false),
        ("$['x','y']", "{}", true),  // Jayway merges into {}, a present empty object
        // indefinite: at least one value, whatever it is
        ("$..a", #"{"b": {"a": null}}"#, true),
        ("$..a", #"{"b": {"c": 1}}"#, false),
        ("$.a[*]", #"{"a": []}"#, false),
        ("$.a[*]", #"{"a": [null]}"#, true),
        ("$.a[?(@.b == 2)]", #"{"a": [{"b": 1}]}"#, false),
        ("$.a[0:1]", #"{"a": []}"#, false)
    ])
    func matchRules(_ expression: String, _ body: String, _ matches: Bool) throws {
        #expect(try JSONPath(expression).hasMatch(JSONParser.parse(body)) == matches)
    }
}
