import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `XMLParser` delegate that turns parse events into ``XMLTree`` nodes.
///
/// It joins adjacent character data and CDATA into one text node and resolves namespace prefixes
/// itself, because the parser's own namespace mode does not report attribute namespaces.
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    private let requireBoundPrefixes: Bool
    private var nodes: [XMLTree.Node] = [
        XMLTree.Node(kind: .root, parent: -1, name: nil, value: "", isNamespaceDeclaration: false, subtreeEnd: 0)
    ]
    /// Indices of the open elements, the root first.
    private var open: [Int] = [XMLTree.rootIndex]
    /// Prefix bindings per open element; "" is the default namespace, and a "" URI undeclares it.
    private var scopes: [[String: String]] = [["xml": XMLTree.xmlNamespaceURI]]
    private var pendingText = ""
    private(set) var problem: String?
    /// libxml2's streaming parser sets no nesting limit; comparison and serialisation recurse per
    /// level, so refuse absurd depths instead of risking the stack.
    static let maximumDepth = 256

    init(requireBoundPrefixes: Bool) {
        self.requireBoundPrefixes = requireBoundPrefixes
    }

    /// libxml2 codes 200-299 are namespace errors (we resolve namespaces ourselves); 99 and 100
    /// warn about relative namespace URIs, which XML allows.
    static func isNamespaceOnly(_ code: Int) -> Bool {
        (200..<300).contains(code) || code == 99 || code == 100
    }

    func finish() throws(XMLMatchError) -> XMLTree {
        nodes[XMLTree.rootIndex].subtreeEnd = nodes.count - 1
        let tree = XMLTree(nodes: nodes)
        guard tree.documentElement != nil else {
            throw XMLMatchError("The XML document has no root element.")
        }
        return tree
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        flushText()
        guard open.count <= Self.maximumDepth else {
            if problem == nil { problem = "The XML nests elements more than \(Self.maximumDepth) levels deep." }
            parser.abortParsing()
            return
        }
        var scope = scopes[scopes.count - 1]
        for (name, value) in attributeDict {
            if name == "xmlns" {
                scope[""] = value
            } else if name.hasPrefix("xmlns:") {
                scope[String(name.dropFirst(6))] = value
            }
        }
        let parent = open[open.count - 1]
        let index = nodes.count
        let elementName = resolve(elementName, in: scope, isAttribute: false)
        nodes.append(
            XMLTree.Node(
                kind: .element, parent: parent, name: elementName, value: "",
                isNamespaceDeclaration: false, subtreeEnd: index))
        nodes[parent].children.append(index)
        // Attribute order is not significant in XML and the parser hands us a dictionary: sort
        // so that trees, serialisations and XPath results are deterministic.
        for (name, value) in attributeDict.sorted(by: { $0.key < $1.key }) {
            let isDeclaration = name == "xmlns" || name.hasPrefix("xmlns:")
            let attributeName =
                isDeclaration
                ? XMLTree.Name(
                    prefix: name == "xmlns" ? nil : "xmlns",
                    localName: name == "xmlns" ? "xmlns" : String(name.dropFirst(6)),
                    namespaceURI: "http://www.w3.org/2000/xmlns/")
                : resolve(name, in: scope, isAttribute: true)
            let attributeIndex = nodes.count
            nodes.append(
                XMLTree.Node(
                    kind: .attribute, parent: index, name: attributeName, value: value,
                    isNamespaceDeclaration: isDeclaration, subtreeEnd: attributeIndex))
            nodes[index].attributes.append(attributeIndex)
        }
        open.append(index)
        scopes.append(scope)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        flushText()
        guard open.count > 1 else { return }
        let index = open.removeLast()
        scopes.removeLast()
        nodes[index].subtreeEnd = nodes.count - 1
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        pendingText += string
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        pendingText += whitespaceString
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        pendingText += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        flushText()
        appendLeaf(kind: .comment, name: nil, value: comment)
    }

    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        flushText()
        appendLeaf(
            kind: .processingInstruction,
            name: XMLTree.Name(prefix: nil, localName: target, namespaceURI: nil), value: data ?? "")
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        guard problem == nil, !Self.isNamespaceOnly(code) else { return }
        problem =
            "The XML is not well-formed (libxml2 error \(code) at line \(parser.lineNumber), column \(parser.columnNumber))."
    }

    // MARK: Helpers

    private func flushText() {
        guard !pendingText.isEmpty else { return }
        // Text outside the root element can only be whitespace in well-formed XML; drop it.
        if open.count > 1 {
            appendLeaf(kind: .text, name: nil, value: pendingText)
        }
        pendingText = ""
    }

    private func appendLeaf(kind: XMLTree.Kind, name: XMLTree.Name?, value: String) {
        let parent = open[open.count - 1]
        let index = nodes.count
        nodes.append(
            XMLTree.Node(
                kind: kind, parent: parent, name: name, value: value,
                isNamespaceDeclaration: false, subtreeEnd: index))
        nodes[parent].children.append(index)
    }

    /// Splits a qualified name and finds its namespace URI. Unprefixed attributes are in no namespace.
    private func resolve(_ qualifiedName: String, in scope: [String: String], isAttribute: Bool) -> XMLTree.Name {
        guard let colon = qualifiedName.firstIndex(of: ":") else {
            let uri = isAttribute ? nil : scope[""].flatMap { $0.isEmpty ? nil : $0 }
            return XMLTree.Name(prefix: nil, localName: qualifiedName, namespaceURI: uri)
        }
        let prefix = String(qualifiedName[..<colon])
        let local = String(qualifiedName[qualifiedName.index(after: colon)...])
        let uri = scope[prefix].flatMap { $0.isEmpty ? nil : $0 }
        if uri == nil, requireBoundPrefixes, problem == nil {
            problem = "The namespace prefix '\(prefix)' of '\(qualifiedName)' is not declared."
        }
        return XMLTree.Name(prefix: prefix, localName: local, namespaceURI: uri)
    }
}
