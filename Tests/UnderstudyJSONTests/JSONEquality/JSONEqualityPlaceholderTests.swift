import Foundation
import Testing
import UnderstudyJSON

@Suite struct JSONEqualityPlaceholderTests {
    static let cases: [JSONEqualityCase] = [
        .init(
            name: "any-string takes a string", expected: #"{"id":"${json-unit.any-string}","name":"Tom"}"#,
            actual: #"{"id":"abc123","name":"Tom"}"#, matches: true),
        .init(
            name: "any-string takes the empty string", expected: #""${json-unit.any-string}""#, actual: #""""#,
            matches: true),
        .init(
            name: "any-string refuses a number", expected: #""${json-unit.any-string}""#, actual: "12", matches: false),
        .init(name: "any-string refuses null", expected: #""${json-unit.any-string}""#, actual: "null", matches: false),
        .init(
            name: "any-number takes a float", expected: #"{"test":"${json-unit.any-number}"}"#,
            actual: #"{"test":1.1}"#, matches: true),
        .init(
            name: "any-number refuses a numeric string", expected: #""${json-unit.any-number}""#, actual: #""1""#,
            matches: false),
        .init(
            name: "any-boolean takes false", expected: #""${json-unit.any-boolean}""#, actual: "false", matches: true),
        .init(
            name: "any-boolean refuses a string", expected: #""${json-unit.any-boolean}""#, actual: #""true""#,
            matches: false),
        .init(
            name: "any-array takes an array", expected: #""${json-unit.any-array}""#, actual: "[1,{}]", matches: true),
        .init(
            name: "any-array refuses an object", expected: #""${json-unit.any-array}""#, actual: "{}", matches: false),
        .init(
            name: "ignore takes an object", expected: #"{"test":"${json-unit.ignore}"}"#,
            actual: #"{"test":{"object":{"another":1}}}"#, matches: true),
        .init(
            name: "ignore takes null", expected: #"{"test":"${json-unit.ignore}"}"#, actual: #"{"test":null}"#,
            matches: true),
        .init(
            name: "ignore still needs the member", expected: #"{"a":1,"test":"${json-unit.ignore}"}"#,
            actual: #"{"a":1}"#, matches: false),
        .init(
            name: "ignore-element allows the member to be absent",
            expected: #"{"a":1,"test":"${json-unit.ignore-element}"}"#, actual: #"{"a":1}"#, matches: true),
        .init(
            name: "ignore-element takes any present value", expected: #"{"a":1,"test":"${json-unit.ignore-element}"}"#,
            actual: #"{"a":1,"test":[1]}"#, matches: true),
        .init(
            name: "ignore in an array slot", expected: #"[1,"${json-unit.ignore}",3]"#, actual: #"[1,{"x":2},3]"#,
            matches: true),
        .init(
            name: "regex matches", expected: #"{"id":"${json-unit.regex}[a-z]+","name":"Tom"}"#,
            actual: #"{"id":"abc","name":"Tom"}"#, matches: true),
        .init(
            name: "regex refuses", expected: #"{"id":"${json-unit.regex}[a-z]+"}"#, actual: #"{"id":"123"}"#,
            matches: false),
        .init(
            name: "regex must match the whole string", expected: #""${json-unit.regex}[a-z]+""#, actual: #""abc1""#,
            matches: false),
        .init(
            name: "regex alternation still matches whole string", expected: #""${json-unit.regex}a|ab""#,
            actual: #""ab""#, matches: true),
        .init(
            name: "regex only applies to strings", expected: #""${json-unit.regex}\\d+""#, actual: "123", matches: false
        ),
        .init(
            name: "hash-brace spelling works too", expected: ##""#{json-unit.any-number}""##, actual: "5", matches: true
        ),
        .init(
            name: "matches:name is unsupported and never matches", expected: #""${json-unit.matches:positive}""#,
            actual: "5", matches: false),
        .init(
            name: "unknown placeholder is a literal string", expected: #""${json-unit.any-thing}""#,
            actual: #""${json-unit.any-thing}""#, matches: true),
        .init(
            name: "placeholder text must be the whole value", expected: #""x${json-unit.any-string}""#,
            actual: #""xy""#, matches: false),
        .init(
            name: "placeholders work under ignoreArrayOrder",
            expected: #"["${json-unit.any-string}","${json-unit.any-number}"]"#, actual: #"[2,"b"]"#,
            ignoreArrayOrder: true, matches: true)
    ]

    @Test(arguments: cases)
    func placeholder(_ row: JSONEqualityCase) throws {
        #expect(try row.pattern().matches(row.actualValue()) == row.matches)
    }

    @Test(arguments: [
        "${json-unit.regex}[a-z", "${json-unit.regex}(abc", "${json-unit.regex}a)(b", "#{json-unit.regex}*"
    ])
    func invalidRegexIsRejectedAtInit(_ placeholder: String) {
        #expect(throws: JSONEqualityError.self) {
            try JSONEquality(expected: ["nested": [.string(placeholder)]])
        }
    }

    @Test func invalidRegexErrorNamesThePattern() {
        do {
            _ = try JSONEquality(expected: "${json-unit.regex}[a-z")
            Issue.record("expected an error")
        } catch let error as JSONEqualityError {
            #expect(error.description.contains("[a-z"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
