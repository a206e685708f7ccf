import Testing

@testable import UnderstudyCore
@testable import UnderstudyXML

/// The MappingDecoding fuzz target found a malformed number in an XPath trapping on an
/// exclusivity violation (a crash, in release builds too) instead of failing to decode.
@Suite struct XPathLexerRegressionTests {
    @Test(arguments: ["1.2.3", "//a[1..2]", "count(//a) = .1.", "..1.2"])
    func aMalformedNumberIsADecodingError(_ expression: String) {
        #expect(throws: MappingError.self) {
            try StubMapping(jsonText: #"{"request":{"bodyPatterns":[{"matchesXPath":"\#(expression)"}]}}"#)
        }
    }

    @Test func theErrorNamesTheNumberAndWhereItEnds() {
        #expect(throws: XMLMatchError("Invalid XPath '1.2.3': malformed number '1.2.3' at position 6.")) {
            _ = try XPathLexer.tokens("1.2.3")
        }
    }

    @Test func wellFormedNumbersStillLex() throws {
        #expect(try XPathLexer.tokens("1.5").count == 1)
        #expect(try XPathLexer.tokens(".5").count == 1)
    }
}
