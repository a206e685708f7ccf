import Testing
import UnderstudyXML

@Suite struct XMLPlaceholderTests {
    static func matches(_ expected: String, _ actual: String, opening: String? = nil, closing: String? = nil) throws
        -> Bool
    {
        try XMLEquality(
            expected: expected, enablePlaceholders: true,
            placeholderOpeningDelimiterRegex: opening, placeholderClosingDelimiterRegex: closing
        ).matches(actual)
    }

    @Test func ignoreAcceptsAnyTextOrAttributeValueAndAbsence() throws {
        #expect(try Self.matches("<m><id>${xmlunit.ignore}</id><c>Hello</c></m>", "<m><id>12345</id><c>Hello</c></m>"))
        #expect(try Self.matches("<m><id>${xmlunit.ignore}</id></m>", "<m><id/></m>"))
        #expect(try Self.matches(#"<m id="${xmlunit.ignore}"/>"#, #"<m id="anything"/>"#))
        #expect(try Self.matches(#"<m id="${xmlunit.ignore}"/>"#, "<m/>"))
        #expect(!(try Self.matches("<m><id>${xmlunit.ignore}</id><c>Hello</c></m>", "<m><id>1</id><c>Bye</c></m>")))
    }

    @Test func placeholdersAreLiteralTextWhenDisabled() throws {
        #expect(!(try XMLEquality(expected: "<a>${xmlunit.ignore}</a>").matches("<a>123</a>")))
        #expect(try XMLEquality(expected: "<a>${xmlunit.ignore}</a>").matches("<a>${xmlunit.ignore}</a>"))
    }

    @Test(arguments: [
        ("12", true), ("-3.5", true), ("1e10", true), (" 7 ", true), ("abc", false), ("1.2.3", false), ("", false)
    ])
    func isNumber(_ actual: String, _ expected: Bool) throws {
        #expect(try Self.matches("<a>${xmlunit.isNumber}</a>", "<a>\(actual)</a>") == expected)
        #expect(try Self.matches(#"<a v="${xmlunit.isNumber}"/>"#, #"<a v="\#(actual)"/>"#) == expected)
    }

    @Test(arguments: [("023", true), ("023asd", false), ("", false)])
    func matchesRegexMatchesTheWholeValue(_ actual: String, _ expected: Bool) throws {
        #expect(try Self.matches(#"<a>${xmlunit.matchesRegex(^\d+$)}</a>"#, "<a>\(actual)</a>") == expected)
        #expect(try Self.matches(#"<a v="${xmlunit.matchesRegex(\d+)}"/>"#, #"<a v="\#(actual)"/>"#) == expected)
    }

    @Test func matchesRegexKeepsParenthesesAndCommasInsideTheRegex() throws {
        #expect(try Self.matches(#"<a>${xmlunit.matchesRegex((ab|cd){1,2})}</a>"#, "<a>abcd</a>"))
        #expect(!(try Self.matches(#"<a>${xmlunit.matchesRegex((ab|cd){1,2})}</a>"#, "<a>abcdab</a>")))
    }

    @Test(arguments: [
        ("2020-01-01", true), ("2020-01-01T15:00:00Z", true), ("2020-01-01 15:00:00Z", true),
        ("2021-10-11T00:00:00.123+02:00", true), ("abc", false), ("01/01/2020", false)
    ])
    func isDateTimeAcceptsISO8601(_ actual: String, _ expected: Bool) throws {
        #expect(try Self.matches("<a>${xmlunit.isDateTime}</a>", "<a>\(actual)</a>") == expected)
    }

    @Test func isDateTimeWithAFormat() throws {
        #expect(try Self.matches("<a>${xmlunit.isDateTime(dd/MM/yyyy)}</a>", "<a>01/02/2020</a>"))
        #expect(!(try Self.matches("<a>${xmlunit.isDateTime(dd/MM/yyyy)}</a>", "<a>2020-02-01</a>")))
    }

    @Test func customDelimiters() throws {
        #expect(try Self.matches("<a>[[xmlunit.ignore]]</a>", "<a>123</a>", opening: #"\[\["#, closing: "]]"))
        #expect(try Self.matches("<a>#{xmlunit.ignore}</a>", "<a>123</a>", opening: #"#\{"#, closing: "}"))
        // With custom delimiters the default token is ordinary text.
        #expect(!(try Self.matches("<a>${xmlunit.ignore}</a>", "<a>123</a>", opening: #"\[\["#, closing: "]]")))
    }

    @Test func blankDelimitersMeanTheDefaults() throws {
        #expect(try Self.matches("<a>${xmlunit.ignore}</a>", "<a>1</a>", opening: " ", closing: ""))
    }

    @Test func aPlaceholderSharingItsTextNeverMatches() throws {
        #expect(!(try Self.matches("<a>id: ${xmlunit.ignore}</a>", "<a>id: 5</a>")))
    }

    @Test func unknownKeywordsAreLiteralText() throws {
        #expect(try Self.matches("<a>${xmlunit.nope}</a>", "<a>${xmlunit.nope}</a>"))
        #expect(!(try Self.matches("<a>${xmlunit.nope}</a>", "<a>x</a>")))
    }

    @Test(arguments: [(#"[unclosed"#, "}"), (#"\$\{"#, "(")])
    func badDelimiterRegexesAreRejectedAtInit(_ opening: String, _ closing: String) {
        #expect(throws: XMLMatchError.self) {
            try XMLEquality(
                expected: "<a/>", enablePlaceholders: true,
                placeholderOpeningDelimiterRegex: opening, placeholderClosingDelimiterRegex: closing)
        }
    }

    @Test func badMatchesRegexIsRejectedAtInit() {
        #expect(throws: XMLMatchError.self) {
            try XMLEquality(expected: "<a>${xmlunit.matchesRegex([)}</a>", enablePlaceholders: true)
        }
    }
}
