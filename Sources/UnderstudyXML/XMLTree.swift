/// A parsed XML document as one flat, immutable array of nodes.
///
/// Nodes are stored in document order (an element, then its attributes, then its content), so a
/// node's index is its document-order key and a subtree is the index range `index...subtreeEnd`.
/// Being plain values, trees are `Sendable` and can be kept inside matchers built once at load time.
struct XMLTree: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case root, element, attribute, text, comment, processingInstruction
    }

    /// An element or attribute name as written, with the namespace URI its prefix resolves to.
    struct Name: Sendable, Equatable, Hashable {
        let prefix: String?
        let localName: String
        /// The resolved namespace URI, or nil for no namespace or an unbound prefix.
        let namespaceURI: String?

        var qualifiedName: String {
            guard let prefix else { return localName }
            return prefix + ":" + localName
        }
    }

    struct Node: Sendable, Equatable {
        let kind: Kind
        /// The parent's index; -1 for the root.
        let parent: Int
        /// Element and attribute name; a processing instruction's target is its `localName`.
        let name: Name?
        /// Text, comment, attribute value or processing-instruction data.
        let value: String
        /// True for `xmlns` and `xmlns:p` attributes, which XPath and namespace-aware comparison skip.
        let isNamespaceDeclaration: Bool
        var attributes: [Int] = []
        var children: [Int] = []
        /// Index of the last node inside this node's subtree (itself when it has none).
        var subtreeEnd: Int
    }

    static let rootIndex = 0
    static let xmlNamespaceURI = "http://www.w3.org/XML/1998/namespace"

    var nodes: [Node]

    /// The document element.
    var documentElement: Int? {
        nodes[Self.rootIndex].children.first { nodes[$0].kind == .element }
    }

    /// The XPath string value: all descendant text for roots and elements, the node's own value otherwise.
    func stringValue(of index: Int) -> String {
        let node = nodes[index]
        switch node.kind {
        case .root, .element:
            guard node.subtreeEnd > index else { return "" }
            var text = ""
            for i in (index + 1)...node.subtreeEnd where nodes[i].kind == .text {
                text += nodes[i].value
            }
            return text
        case .attribute, .text, .comment, .processingInstruction:
            return node.value
        }
    }

    /// The in-scope namespace bindings of an element, nearest declaration winning.
    func namespaceBindings(of index: Int) -> [(prefix: String?, uri: String)] {
        var seen: Set<String> = []
        var result: [(prefix: String?, uri: String)] = []
        var current = index
        while current > Self.rootIndex {
            for attribute in nodes[current].attributes where nodes[attribute].isNamespaceDeclaration {
                let declared = nodes[attribute].name.map { $0.prefix == nil ? "" : $0.localName } ?? ""
                if seen.insert(declared).inserted, !nodes[attribute].value.isEmpty {
                    result.append((declared.isEmpty ? nil : declared, nodes[attribute].value))
                }
            }
            current = nodes[current].parent
        }
        return result
    }
}
