import Testing
import UnderstudyXML

@Suite struct XMLXPathQueryTests {
    static let solarSystem = """
        <solar-system><planet name='Earth' position='3' supportsLife='yes'/><planet name='Venus' position='4'/></solar-system>
        """
    static let inner =
        "<outer>\n    <inner>stuffing</inner>\n    <inner>stuff</inner>\n    <inner>stuffable</inner>\n</outer>"

    static func values(_ expression: String, _ xml: String, _ namespaces: [String: String] = [:]) throws -> [String]? {
        try XPathQuery(expression: expression, namespaces: namespaces).values(in: xml)
    }

    @Test(arguments: [
        ("//planet[@name='Earth']", true), ("//star[@name='alpha centauri']", false), ("/solar-system/planet", true),
        ("//planet[@supportsLife]", true), ("//planet[@position > 3]", true), ("//planet[@position > 4]", false),
        ("count(//planet) = 2", true), ("count(//planet) = 3", false), ("//planet[last()]/@name = 'Venus'", true)
    ])
    func hasMatch(_ expression: String, _ expected: Bool) throws {
        #expect(try XPathQuery(expression: expression).hasMatch(in: Self.solarSystem) == expected)
    }

    @Test(arguments: [
        ("count(//planet)", ["2"]), ("//planet/@name", ["Earth", "Venus"]), ("//planet[2]/@position", ["4"]),
        ("//planet[@name='Venus']/preceding-sibling::planet/@name", ["Earth"]), ("name(/*)", ["solar-system"]),
        ("string(//planet[1]/@name)", ["Earth"]),
        ("//planet[1]", [#"<planet name="Earth" position="3" supportsLife="yes"/>"#]),
        ("sum(//planet/@position) div 2", ["3.5"]),
        ("//planet[position() = 1 or @name = 'Venus']/@name", ["Earth", "Venus"]),
        ("concat(substring-before('a-b', '-'), translate('xyz', 'xz', 'X'))", ["aXy"]), ("boolean(//moon)", ["false"])
    ])
    func values(_ expression: String, _ expected: [String]) throws {
        #expect(try Self.values(expression, Self.solarSystem) == expected)
    }

    @Test func textNodesGiveTheirTextAndAnyMayMatch() throws {
        #expect(try Self.values("//inner/text()", Self.inner) == ["stuffing", "stuff", "stuffable"])
        #expect(try Self.values("//inner[. = 'stuff']", Self.inner) == ["<inner>stuff</inner>"])
        #expect(try Self.values("/outer/inner[2]/text()", Self.inner) == ["stuff"])
        #expect(try Self.values("normalize-space(/outer)", Self.inner) == ["stuffing stuff stuffable"])
    }

    @Test func elementsAreSerialisedWithTheirNamespaces() throws {
        let xml =
            #"<t:thing xmlns:t="http://things" xmlns:s="http://subthings"><s:subThing a="1">The &amp; stuff</s:subThing></t:thing>"#
        let values = try #require(try Self.values("//sub:subThing", xml, ["sub": "http://subthings"]))
        #expect(
            values == [
                #"<s:subThing a="1" xmlns:s="http://subthings" xmlns:t="http://things">The &amp; stuff</s:subThing>"#
            ]
                || values == [
                    #"<s:subThing a="1" xmlns:t="http://things" xmlns:s="http://subthings">The &amp; stuff</s:subThing>"#
                ])
        // The serialisation is XML the equality matcher can read.
        #expect(
            try XMLEquality(expected: #"<x:subThing xmlns:x="http://subthings" a="1">The &amp; stuff</x:subThing>"#)
                .matches(values[0]))
    }

    @Test func namespacesBindPrefixesByURI() throws {
        let xml =
            "<t:thing xmlns:t='http://things' xmlns:s='http://subthings'><s:subThing>The stuff</s:subThing></t:thing>"
        let bound = try XPathQuery(
            expression: "//sub:subThing[.='The stuff']", namespaces: ["sub": "http://subthings", "t": "http://things"])
        #expect(bound.hasMatch(in: xml))
        #expect(!(try XPathQuery(expression: "//sub:subThing", namespaces: ["sub": "http://other"])).hasMatch(in: xml))
        // With namespaces bound, an unprefixed name means "no namespace" (XPath 1.0).
        #expect(!(try XPathQuery(expression: "//subThing", namespaces: ["sub": "http://subthings"])).hasMatch(in: xml))
    }

    @Test func withoutNamespacesUnprefixedNamesMatchAnyNamespace() throws {
        let xml =
            "<t:thing xmlns:t='http://things' xmlns:s='http://subthings'><s:subThing>The stuff</s:subThing></t:thing>"
        #expect(try XPathQuery(expression: "/thing/subThing[.='The stuff']").hasMatch(in: xml))
        // WireMock reads such bodies without namespace checks, so undeclared prefixes are fine.
        let soap =
            #"<soapenv:Envelope><soapenv:Body><EffectiveDate Val="01/01/2021"/></soapenv:Body></soapenv:Envelope>"#
        #expect(try Self.values("//*[local-name() = 'EffectiveDate']/@Val", soap) == ["01/01/2021"])
    }

    @Test func axesAndPositions() throws {
        let xml = "<r><a><b>1</b><b>2</b><c/></a><a><b>3</b></a><!--note--><?go now?></r>"
        #expect(try Self.values("//b[1]", xml) == ["<b>1</b>", "<b>3</b>"])
        #expect(try Self.values("(//b)[last()]", xml) == ["<b>3</b>"])
        #expect(try Self.values("//c/ancestor::*[1]/b[2]/text()", xml) == ["2"])
        #expect(try Self.values("//b[. = '2']/following::b/text()", xml) == ["3"])
        #expect(try Self.values("//b[. = '3']/preceding::b/text()", xml) == ["1", "2"])
        #expect(try Self.values("count(//a[1]/descendant-or-self::node())", xml) == ["6"])
        #expect(try Self.values("//b[. = '2']/../c/parent::a/self::a/@*", xml) == [])
        #expect(try Self.values("//comment()", xml) == ["note"])
        #expect(try Self.values("//processing-instruction('go')", xml) == ["now"])
        #expect(try Self.values("//b[. = '1'] | //b[. = '3']", xml) == ["<b>1</b>", "<b>3</b>"])
    }

    @Test(arguments: [
        "//\\\\&&&&&", "//planet[", "", "unknown-function(1)", "//x:planet", "$var", "child::", "bogus::x", "count()",
        "1 +", "//a[@b = 'c]"
    ])
    func invalidExpressionsAreRejectedAtInit(_ expression: String) {
        #expect(throws: XMLMatchError.self) { try XPathQuery(expression: expression) }
    }

    @Test func hostileNestingIsRejectedNotACrash() {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(throws: XMLMatchError.self) { try XPathQuery(expression: deep) }
        let long = Array(repeating: "1", count: 50_000).joined(separator: "+")
        #expect(throws: XMLMatchError.self) { try XPathQuery(expression: long) }
    }

    @Test(arguments: ["solar-system>", "", "not xml", "<a><b></a>"])
    func malformedDocumentsGiveNilAndNoMatch(_ xml: String) throws {
        let query = try XPathQuery(expression: "//*")
        #expect(query.values(in: xml) == nil)
        #expect(!query.hasMatch(in: xml))
    }

    @Test func namespaceAwareQueriesRejectDocumentsWithUnboundPrefixes() throws {
        let query = try XPathQuery(expression: "//x:a", namespaces: ["x": "urn:x"])
        #expect(query.values(in: "<p:a/>") == nil)
    }

    @Test func numbersFormatAsXPathStrings() throws {
        #expect(try Self.values("1 div 4", "<a/>") == ["0.25"])
        #expect(try Self.values("10 div 2", "<a/>") == ["5"])
        #expect(try Self.values("1 div 0", "<a/>") == ["Infinity"])
        #expect(try Self.values("number('x')", "<a/>") == ["NaN"])
        #expect(try Self.values("round(-2.5)", "<a/>") == ["-2"])
        #expect(try Self.values("substring('12345', 1.5, 2.6)", "<a/>") == ["234"])
        #expect(try Self.values("7 mod 3 * 2 - -1", "<a/>") == ["3"])
    }

    @Test func scalarResultsMatchByTheirTruth() throws {
        #expect(!(try XPathQuery(expression: "boolean(//moon)")).hasMatch(in: Self.solarSystem))
        #expect(!(try XPathQuery(expression: "count(//moon)")).hasMatch(in: Self.solarSystem))
        #expect(try XPathQuery(expression: "count(//planet)").hasMatch(in: Self.solarSystem))
    }

    @Test func attributeAxisSkipsNamespaceDeclarations() throws {
        #expect(try Self.values("count(/a/@*)", #"<a xmlns="urn:d" xmlns:p="urn:p" p:k="1" j="2"/>"#) == ["2"])
        #expect(try Self.values("/a/@xml:lang", #"<a xml:lang="en"/>"#) == ["en"])
        #expect(try Self.values("//b[lang('en')]", #"<a xml:lang="en-GB"><b/></a>"#) == ["<b/>"])
    }
}
