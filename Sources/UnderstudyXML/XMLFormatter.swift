/// Rewrites XML text as WireMock's `formatXml` helper does: blank text between elements dropped,
/// no XML declaration, and either compact or pretty (two-space indent, each element on its own
/// line, an element holding only text kept on one line, and a final newline).
public enum XMLFormatter {
    /// The formatted document, or nil when `text` is not well-formed XML.
    public static func format(_ text: String, pretty: Bool) -> String? {
        guard let tree = try? XMLTreeParser.parse(text, requireBoundPrefixes: false) else { return nil }
        var output = ""
        for child in tree.nodes[XMLTree.rootIndex].children where !isBlankText(child, in: tree) {
            write(child, in: tree, depth: 0, pretty: pretty, to: &output)
        }
        return output
    }

    private static func isBlankText(_ index: Int, in tree: XMLTree) -> Bool {
        let node = tree.nodes[index]
        return node.kind == .text && node.value.allSatisfy(\.isWhitespace)
    }

    private static func write(_ index: Int, in tree: XMLTree, depth: Int, pretty: Bool, to output: inout String) {
        let node = tree.nodes[index]
        let indent = pretty ? String(repeating: "  ", count: depth) : ""
        let newline = pretty ? "\n" : ""
        switch node.kind {
        case .element:
            let name = node.name?.qualifiedName ?? ""
            output += indent + "<" + name
            for attribute in node.attributes {
                let attributeNode = tree.nodes[attribute]
                output +=
                    " " + (attributeNode.name?.qualifiedName ?? "") + "=\""
                    + XMLSerializer.escape(attributeNode.value, inAttribute: true) + "\""
            }
            let children = node.children.filter { !isBlankText($0, in: tree) }
            if children.isEmpty {
                output += "/>" + newline
            } else if children.allSatisfy({ tree.nodes[$0].kind == .text }) {
                output += ">"
                for child in children { output += XMLSerializer.escape(tree.nodes[child].value, inAttribute: false) }
                output += "</" + name + ">" + newline
            } else {
                output += ">" + newline
                for child in children { write(child, in: tree, depth: depth + 1, pretty: pretty, to: &output) }
                output += indent + "</" + name + ">" + newline
            }
        case .text:
            output += indent + XMLSerializer.escape(node.value, inAttribute: false) + newline
        case .comment:
            output += indent + "<!--" + node.value + "-->" + newline
        case .processingInstruction:
            output +=
                indent + "<?" + (node.name?.localName ?? "") + (node.value.isEmpty ? "" : " " + node.value) + "?>"
                + newline
        case .root, .attribute:
            break
        }
    }
}
