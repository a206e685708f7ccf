import Testing
import UnderstudyXML

@Suite struct XMLEqualityTests {
    static let things = """
        <things>
            <thing characteristic="tepid"/>
            <thing characteristic="tedious"/>
        </things>
        """

    @Test(arguments: [
        #"<?xml version="1.0" encoding="utf-8" ?>"# + "\n" + things,
        #"<things><thing characteristic="tepid"/><thing characteristic="tedious"/></things>"#,
        #"<things><!-- a comment --><thing characteristic="tepid"></thing>  <thing characteristic="tedious"/></things>"#
    ])
    func matchesDocumentsThatDifferOnlyInWhitespaceCommentsAndEmptyElementForm(_ actual: String) throws {
        let equality = try XMLEquality(expected: Self.things)
        #expect(equality.matches(actual))
        #expect(equality.distance(actual) == 0)
    }

    @Test func attributeOrderDoesNotMatter() throws {
        let equality = try XMLEquality(expected: #"<my-attribs one="1" two="2" three="3"/>"#)
        #expect(equality.matches(#"<my-attribs two="2" one="1" three="3"/>"#))
        #expect(!equality.matches(#"<my-attribs two="2" one="1" three="4"/>"#))
        #expect(!equality.matches(#"<my-attribs two="2" one="1"/>"#))
        #expect(!equality.matches(#"<my-attribs two="2" one="1" three="3" four="4"/>"#))
    }

    @Test func orderOfDifferentlyNamedSiblingsDoesNotMatterButSameNamedOrderDoes() throws {
        let differentNames = try XMLEquality(expected: "<e><one/><two/><three/></e>")
        #expect(differentNames.matches("<e><two/><three/><one/></e>"))
        let sameNames = try XMLEquality(expected: "<body><entry>1</entry><entry>2</entry></body>")
        #expect(!sameNames.matches("<body><entry>2</entry><entry>1</entry></body>"))
    }

    @Test func textIsComparedTrimmed() throws {
        let equality = try XMLEquality(expected: "<a>hello world</a>")
        #expect(equality.matches("<a>\n   hello world  \n</a>"))
        #expect(!equality.matches("<a>hello  world</a>"))
        #expect(!equality.matches("<a>Hello world</a>"))
        #expect(!equality.matches("<a/>"))
        #expect(try XMLEquality(expected: "<a>x<![CDATA[<y>]]></a>").matches("<a>x&lt;y&gt;</a>"))
    }

    @Test func tagNameMismatchIsAMismatchWithNonZeroDistance() throws {
        let equality = try XMLEquality(expected: "<one>Hello</one>")
        #expect(!equality.matches("<two>Hello</two>"))
        #expect(equality.distance("<two>Hello</two>") > 0)
    }

    @Test func distanceGrowsWithTheDifference() throws {
        let equality = try XMLEquality(expected: Self.things)
        let missingOne = equality.distance(#"<things><thing characteristic="tepid"/></things>"#)
        let unrelated = equality.distance("<no-things-at-all/>")
        #expect(missingOne > 0 && missingOne < unrelated)
        #expect(unrelated < 1)
    }

    @Test(arguments: ["", "badly-formed >", "<wrong", #"{ "markup": "wrong" }"#, "<things><thing></things>"])
    func bodiesThatAreNotXMLNeverMatchAndHaveDistanceOne(_ actual: String) throws {
        let equality = try XMLEquality(expected: Self.things)
        #expect(!equality.matches(actual))
        #expect(equality.distance(actual) == 1)
    }

    @Test(arguments: ["", "<a>", "not xml", "<p:a/>"])
    func initRejectsExpectedXMLThatCannotBeRead(_ expected: String) {
        #expect(throws: XMLMatchError.self) { try XMLEquality(expected: expected) }
    }

    @Test func initRejectsUnknownExemptedComparisons() {
        #expect(throws: XMLMatchError.self) { try XMLEquality(expected: "<a/>", exemptedComparisons: ["NOT_A_TYPE"]) }
    }

    // MARK: Namespaces

    static let soap = """
        <?xml version="1.0" encoding="utf-8"?>
        <PFX:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:PFX="http://schemas.xmlsoap.org/soap/envelope/">
            <PFX:Body><stuff xmlns="https://example.com/mynamespace"><things/></stuff></PFX:Body>
        </PFX:Envelope>
        """

    @Test func strictNamespacesIgnorePrefixesButCompareURIs() throws {
        let equality = try XMLEquality(expected: Self.soap.replacingOccurrences(of: "PFX", with: "shampoo"))
        #expect(equality.matches(Self.soap.replacingOccurrences(of: "PFX", with: "soap")))
        let wrongURI = Self.soap.replacingOccurrences(of: "example.com/mynamespace", with: "example.com/wrong")
        #expect(!equality.matches(wrongURI))
        #expect(try XMLEquality(expected: "<a xmlns:x='urn:x' x:k='1'/>").matches("<a xmlns:y='urn:x' y:k='1'/>"))
        #expect(!(try XMLEquality(expected: "<a xmlns:x='urn:x' x:k='1'/>").matches("<a xmlns:y='urn:y' y:k='1'/>")))
    }

    @Test func strictRejectsActualBodiesWithUnboundPrefixes() throws {
        #expect(!(try XMLEquality(expected: "<a><b/></a>").matches("<a><p:b/></a>")))
    }

    @Test func exemptingNamespaceURIIgnoresURIs() throws {
        let equality = try XMLEquality(
            expected: #"<GetValue xmlns="http://example/DataContract"/>"#, exemptedComparisons: ["NAMESPACE_URI"])
        #expect(equality.matches("<GetValue/>"))
        #expect(
            !(try XMLEquality(expected: #"<GetValue xmlns="http://example/DataContract"/>"#).matches("<GetValue/>")))
    }

    @Test func legacyIgnoresElementPrefixesAndTheirURIsButNotAttributePrefixesOrDefaultNamespace() throws {
        let element = try XMLEquality(
            expected: #"<stuff xmlns:th="https://thing.com"><th:thing>Match this</th:thing></stuff>"#,
            namespaceAwareness: .legacy)
        #expect(element.matches(#"<stuff xmlns:st="https://stuff.com"><st:thing>Match this</st:thing></stuff>"#))
        let attribute = try XMLEquality(
            expected: #"<stuff xmlns:th="https://thing.com"><thing th:attr="abc"/></stuff>"#,
            namespaceAwareness: .legacy)
        #expect(!attribute.matches(#"<stuff xmlns:st="https://thing.com"><thing st:attr="abc"/></stuff>"#))
        #expect(attribute.distance(#"<stuff xmlns:st="https://thing.com"><thing st:attr="abc"/></stuff>"#) > 0)
        let defaultNamespace = try XMLEquality(
            expected: #"<GetValue xmlns="http://example/DataContract"/>"#, namespaceAwareness: .legacy)
        #expect(!defaultNamespace.matches("<GetValue/>"))
        let unbound = try XMLEquality(expected: "<p:a/>", namespaceAwareness: .legacy)
        #expect(unbound.matches("<q:a/>"))
    }

    @Test func legacyIgnoresPrefixedXmlnsAttributes() throws {
        let equality = try XMLEquality(
            expected: #"<GetValue xmlns:ns2="urn:a" xmlns:ns3="urn:b"/>"#, namespaceAwareness: .legacy)
        #expect(equality.matches(#"<GetValue xmlns:ns2="urn:c" xmlns:ns5="urn:d"/>"#))
    }

    @Test func noneComparesWrittenNamesAndTreatsXmlnsAsAttributes() throws {
        let equality = try XMLEquality(
            expected: #"<p:a xmlns:p="urn:one"><p:b/></p:a>"#, namespaceAwareness: XMLEquality.NamespaceAwareness.none)
        #expect(!equality.matches(#"<q:a xmlns:q="urn:one"><q:b/></q:a>"#))
        #expect(!equality.matches(#"<p:a xmlns:p="urn:two"><p:b/></p:a>"#))
        #expect(equality.matches(#"<p:a xmlns:p="urn:one"><p:b/></p:a>"#))
        #expect(
            try XMLEquality(expected: "<p:a/>", namespaceAwareness: XMLEquality.NamespaceAwareness.none).matches(
                "<p:a/>"))
    }

    // MARK: Options

    @Test func ignoreOrderOfSameNodeAcceptsAnyOrderOfSameNamedSiblings() throws {
        let equality = try XMLEquality(
            expected: "<body><entry>1</entry><entry>2</entry><other>2</other></body>", ignoreOrderOfSameNode: true)
        #expect(equality.matches("<body><entry>2</entry><other>2</other><entry>1</entry></body>"))
        #expect(!equality.matches("<body><entry>2</entry><entry>3</entry><other>2</other></body>"))
        let attributes = try XMLEquality(expected: #"<r><i id="1"/><i id="2"/></r>"#, ignoreOrderOfSameNode: true)
        #expect(attributes.matches(#"<r><i id="2"/><i id="1"/></r>"#))
        #expect(
            try XMLEquality(expected: "<body><entry/><entry/></body>", ignoreOrderOfSameNode: true).matches(
                "<body><entry/><entry/></body>"))
    }

    @Test(arguments: [
        // (exempted comparison, expected, actual that differs only in that respect)
        ("TEXT_VALUE", "<a><b>1</b></a>", "<a><b>2</b></a>"),
        ("ATTR_VALUE", #"<a k="1"/>"#, #"<a k="2"/>"#),
        ("ELEMENT_NUM_ATTRIBUTES", #"<a k="1"/>"#, #"<a k="1" extra="x"/>"#),
        ("CHILD_NODELIST_LENGTH", "<a><b/></a>", "<a><b/><extra/></a>"),
        (
            "SCHEMA_LOCATION",
            #"<a xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:x one.xsd"/>"#,
            #"<a xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:x two.xsd"/>"#
        ),
        ("PROCESSING_INSTRUCTION_DATA", "<a><?pi one?></a>", "<a><?pi two?></a>")
    ])
    func exemptedComparisonsStopCounting(_ exempted: String, _ expected: String, _ actual: String) throws {
        #expect(!(try XMLEquality(expected: expected).matches(actual)))
        #expect(try XMLEquality(expected: expected, exemptedComparisons: [exempted]).matches(actual))
    }

    @Test func missingAttributesAndChildrenNeedTheLookupExemptionsToo() throws {
        let attribute = try XMLEquality(expected: #"<a k="1" j="2"/>"#, exemptedComparisons: ["ELEMENT_NUM_ATTRIBUTES"])
        #expect(!attribute.matches(#"<a k="1"/>"#))
        let both = try XMLEquality(
            expected: #"<a k="1" j="2"/>"#, exemptedComparisons: ["ELEMENT_NUM_ATTRIBUTES", "ATTR_NAME_LOOKUP"])
        #expect(both.matches(#"<a k="1"/>"#))
        let child = try XMLEquality(expected: "<a><b/><c/></a>", exemptedComparisons: ["CHILD_NODELIST_LENGTH"])
        #expect(!child.matches("<a><b/></a>"))
        #expect(
            try XMLEquality(expected: "<a><b/><c/></a>", exemptedComparisons: ["CHILD_NODELIST_LENGTH", "CHILD_LOOKUP"])
                .matches("<a><b/></a>"))
    }

    @Test func equalMatchersCompareEqual() throws {
        #expect(try XMLEquality(expected: "<a><b/></a>") == XMLEquality(expected: "<a>\n <b/>\n</a>"))
        #expect(try XMLEquality(expected: "<a><b/></a>") != XMLEquality(expected: "<a><c/></a>"))
    }
}
