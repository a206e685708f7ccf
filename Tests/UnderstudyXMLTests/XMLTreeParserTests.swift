import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
    @testable import UnderstudyXML
#endif

@Suite struct XMLTreeParserTests {
    @Test func foundationXMLLinksAndRuns() {
        // The streaming parser this module relies on must exist and work on this platform.
        let parser = XMLParser(data: Data("<a/>".utf8))
        #expect(parser.parse())
        #expect(parser.parserError == nil)
    }

    @Test func buildsElementsAttributesTextCommentsAndInstructionsInDocumentOrder() throws {
        let tree = try XMLTreeParser.parse(
            #"<r b="2" a="1"><x>t<![CDATA[<u>]]>&amp;v</x><!--c--><?pi d?></r>"#, requireBoundPrefixes: true)
        let root = try #require(tree.documentElement)
        #expect(tree.nodes[root].name?.localName == "r")
        #expect(tree.nodes[root].attributes.map { tree.nodes[$0].name?.localName } == ["a", "b"])
        let kinds = tree.nodes[root].children.map { tree.nodes[$0].kind }
        #expect(kinds == [.element, .comment, .processingInstruction])
        #expect(tree.stringValue(of: root) == "t<u>&v")
        #expect(tree.nodes[root].subtreeEnd == tree.nodes.count - 1)
    }

    @Test func resolvesNamespacesThroughScopes() throws {
        let tree = try XMLTreeParser.parse(
            #"<p:a xmlns:p="urn:p" xmlns="urn:d"><b p:x="1" y="2"/><c xmlns=""/></p:a>"#, requireBoundPrefixes: true)
        let names = tree.nodes.compactMap {
            $0.kind == .element || ($0.kind == .attribute && !$0.isNamespaceDeclaration) ? $0.name : nil
        }
        #expect(names.map(\.namespaceURI) == ["urn:p", "urn:d", "urn:p", nil, nil])
        #expect(names.map(\.localName) == ["a", "b", "x", "y", "c"])
    }

    @Test(arguments: [
        "", "   ", "not xml", "<a><b></a>", "<a>1</a><b/>", "<a/>junk", "<a x='1' x='2'/>",
        "<a>&undefined;</a>", "<a>\u{1}</a>", "<a", "{\"json\": true}"
    ])
    func rejectsTextThatIsNotWellFormed(_ text: String) {
        #expect(throws: XMLMatchError.self) { try XMLTreeParser.parse(text, requireBoundPrefixes: false) }
    }

    @Test func unboundPrefixesAreAnErrorOnlyWhenRequired() throws {
        #expect(throws: XMLMatchError.self) { try XMLTreeParser.parse("<p:a/>", requireBoundPrefixes: true) }
        let tree = try XMLTreeParser.parse("<p:a/>", requireBoundPrefixes: false)
        #expect(tree.nodes[1].name == XMLTree.Name(prefix: "p", localName: "a", namespaceURI: nil))
    }

    @Test func relativeNamespaceURIsAreAccepted() throws {
        _ = try XMLTreeParser.parse(#"<a xmlns="relative"><b/></a>"#, requireBoundPrefixes: true)
    }

    @Test func refusesEntityDeclarationsSoNoExpansionOrExternalReadHappens() {
        let laughs =
            #"<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><l>&b;</l>"#
        let external = #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]><r>&e;</r>"#
        #expect(throws: XMLMatchError.self) { try XMLTreeParser.parse(laughs, requireBoundPrefixes: false) }
        #expect(throws: XMLMatchError.self) { try XMLTreeParser.parse(external, requireBoundPrefixes: false) }
    }

    @Test func doesNotFetchAnExternalDTD() throws {
        // WireMock's own test: the DTD host does not exist, parsing must neither fail nor fetch it.
        let text = #"<!DOCTYPE my_request SYSTEM "https://thishostname.doesnotexist.invalid/one.dtd"><do_request/>"#
        let tree = try XMLTreeParser.parse(text, requireBoundPrefixes: true)
        #expect(tree.documentElement != nil)
    }

    @Test func toleratesLeadingWhitespaceAndByteOrderMarkBeforeTheDeclaration() throws {
        _ = try XMLTreeParser.parse("\u{FEFF}\n  <?xml version=\"1.0\"?><a/>", requireBoundPrefixes: true)
    }

    @Test func hostileNestingIsRejectedNotACrash() {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let rejected = (try? XMLTreeParser.parse(deep, requireBoundPrefixes: false)) == nil
        #expect(rejected)
        let fine = String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)
        #expect(throws: Never.self) { try XMLTreeParser.parse(fine, requireBoundPrefixes: false) }
    }

    @Test func parsesConcurrently() async {
        let documents = (0..<16).map { "<r><n>\($0)</n></r>" }
        let values = await withTaskGroup(of: String?.self) { group in
            for document in documents {
                group.addTask {
                    (try? XMLTreeParser.parse(document, requireBoundPrefixes: true)).map { $0.stringValue(of: 0) }
                }
            }
            var collected: [String] = []
            for await value in group { collected.append(value ?? "failed") }
            return collected
        }
        #expect(Set(values) == Set((0..<16).map { "\($0)" }))
    }
}
