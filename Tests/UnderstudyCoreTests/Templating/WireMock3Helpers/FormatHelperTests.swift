import Testing
import UnderstudyTemplating

@testable import UnderstudyCore

/// `formatXml` and `formatJson`, against WireMock's documented outputs and its own tests.
@Suite struct FormatHelperTests {
    @Test func formatXmlIsPrettyByDefault() throws {
        #expect(
            try render("{{#formatXml}}\n<foo><bar\n    >wh</bar></foo\n    >\n{{/formatXml}}")
                == "<foo>\n  <bar>wh</bar>\n</foo>\n")
        #expect(
            try render("{{#formatXml format='pretty'}}\n  <foo><bar\n>wh</bar></foo\n>\n{{/formatXml}}")
                == "<foo>\n  <bar>wh</bar>\n</foo>\n")
    }

    @Test func formatXmlCompactsAndTakesVariables() throws {
        #expect(
            try render("{{#formatXml format='compact'}}\n<foo>\n  <bar>wh</bar>\n</foo>\n{{/formatXml}}")
                == "<foo><bar>wh</bar></foo>")
        #expect(
            try render(
                "{{~#assign 'someXml'~}}\n<foo><bar\n    >wh</bar></foo\n    >\n{{/assign}}\n{{~formatXml someXml format='pretty'~}}"
            )
                == "<foo>\n  <bar>wh</bar>\n</foo>\n")
        #expect(
            try render("{{formatXml ' <foo>  <bar a=\"1\">wh</bar> <e/> </foo> ' format='compact'}}")
                == #"<foo><bar a="1">wh</bar><e/></foo>"#)
    }

    @Test func formatXmlErrorsAreWireMocks() throws {
        #expect(
            try render("{{#formatXml}}<foo>Not well formed!</bar>{{/formatXml}}") == "[ERROR: Input is not valid XML]")
        #expect(
            try render("{{formatXml}}")
                == "[ERROR: formatXml should take a block of XML to format or a single parameter of type String]")
        #expect(
            try render("{{#formatXml format='traditional'}}<foo/>{{/formatXml}}")
                == "[ERROR: formatXml: format [traditional] should be one of [pretty, compact]]")
        #expect(
            try render("{{#formatXml format=1}}<foo/>{{/formatXml}}")
                == "[ERROR: formatXml: format [1] of type [java.lang.Integer should be a Format or a String and one of [pretty, compact]]]"
        )
    }

    static let compactJSON = #"{"foo":true,"bar":{"baz":false}}"#
    static let prettyJSON = "{\n  \"foo\" : true,\n  \"bar\" : {\n    \"baz\" : false\n  }\n}"

    @Test func formatJsonAsDocumented() throws {
        #expect(try render("{{#formatJson}} \(Self.compactJSON) {{/formatJson}}") == Self.prettyJSON)
        #expect(try render("{{#formatJson format='compact'}} \(Self.prettyJSON) {{/formatJson}}") == Self.compactJSON)
        #expect(
            try render("{{#assign 'someJson'}} \(Self.prettyJSON) {{/assign}}{{formatJson someJson format='compact'}}")
                == Self.compactJSON)
    }

    @Test func formatJsonErrorsAreWireMocks() throws {
        #expect(
            try render("{{#formatJson format=\"compact\"}} {\"foo\":true,} {{/formatJson}}")
                == "[ERROR: There was an error parsing the json. Please make sure the json is valid]")
        for empty in [
            "{{formatJson}}", "{{#formatJson}}{{/formatJson}}", "{{formatJson nullVariable}}",
            "{{#formatJson}}    {{/formatJson}}"
        ] {
            #expect(
                try render(empty)
                    == "[ERROR: formatJson should take a block of JSON to format or a single parameter of type String]")
        }
        #expect(
            try render("{{#formatJson format='foo'}}{}{{/formatJson}}")
                == "[ERROR: formatJson: format [foo] should be one of [pretty, compact]]")
    }
}
