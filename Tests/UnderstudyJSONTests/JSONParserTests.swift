import Foundation
import Testing
import UnderstudyJSON

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValueAndKeepsMemberOrder() throws {
        let value = try JSONParser.parse(#"{"b": [1, -2.50, 3e2, true, false, null], "a": "x\u00e9\n\ud83d\ude00"}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["b", "a"])
        #expect(value["a"] == .string("xé\n😀"))
        #expect(value["b"]?.arrayValue?.count == 6)
        #expect(value["b"]?.arrayValue?[1].numberValue?.text == "-2.50")
    }

    @Test func numbersCompareByValueAndObjectsIgnoreOrder() throws {
        #expect(try JSONParser.parse("1.2") == JSONParser.parse("1.2000000"))
        #expect(try JSONParser.parse("100") == JSONParser.parse("1e2"))
        #expect(try JSONParser.parse(#"{"a":1,"b":2}"#) == JSONParser.parse(#"{"b":2,"a":1}"#))
        #expect(try JSONParser.parse("[1,2]") != JSONParser.parse("[2,1]"))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"abc", "tru", "\"\\x\"", "[1] 2", "\"\u{01}\"", "\"\\ud800\""
    ])
    func rejectsMalformedText(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test func errorsSayWhere() {
        do {
            _ = try JSONParser.parse("{\n  \"a\": tru\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 8)
        }
    }

    @Test func refusesHostileNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }

    @Test func writerRoundTripsAndEscapes() throws {
        let text = #"{"s":"q\"\\\u0001/é","n":[1.50,{}],"e":[]}"#
        let value = try JSONParser.parse(text)
        #expect(JSONWriter.string(value) == #"{"s":"q\"\\\u0001/é","n":[1.50,{}],"e":[]}"#)
        #expect(try JSONParser.parse(JSONWriter.string(value, style: .pretty)) == value)
        #expect(JSONWriter.string(["a": 1], style: .pretty) == "{\n  \"a\" : 1\n}")
    }
}
