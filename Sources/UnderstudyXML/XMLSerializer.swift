/// Writes a node of an ``XMLTree`` back as XML text, for XPath results that are elements.
///
/// The element gets `xmlns` declarations for every namespace in scope, so the fragment can be
/// parsed on its own (for example by an `equalToXml` sub-matcher).
enum XMLSerializer {
    static func string(of index: Int, in tree: XMLTree) -> String {
        var output = ""
        switch tree.nodes[index].kind {
        case .root:
            if let element = tree.documentElement { write(element, in: tree, to: &output, declaringScope: true) }
        case .element:
            write(index, in: tree, to: &output, declaringScope: true)
        case .attribute, .text, .comment, .processingInstruction:
            output = tree.stringValue(of: index)
        }
        return output
    }

    private static func write(_ index: Int, in tree: XMLTree, to output: inout String, declaringScope: Bool) {
        let node = tree.nodes[index]
        switch node.kind {
        case .element:
            let name = node.name?.qualifiedName ?? ""
            output += "<" + name
            var declared: Set<String> = []
            for attribute in node.attributes {
                let attributeNode = tree.nodes[attribute]
                let attributeName = attributeNode.name?.qualifiedName ?? ""
                if attributeNode.isNamespaceDeclaration { declared.insert(attributeName) }
                output += " " + attributeName + "=\"" + escape(attributeNode.value, inAttribute: true) + "\""
            }
            if declaringScope {
                for binding in tree.namespaceBindings(of: node.parent) {
                    let attributeName = binding.prefix.map { "xmlns:" + $0 } ?? "xmlns"
                    guard declared.insert(attributeName).inserted else { continue }
                    output += " " + attributeName + "=\"" + escape(binding.uri, inAttribute: true) + "\""
                }
            }
            if node.children.isEmpty {
                output += "/>"
                return
            }
            output += ">"
            for child in node.children { write(child, in: tree, to: &output, declaringScope: false) }
            output += "</" + name + ">"
        case .text:
            output += escape(node.value, inAttribute: false)
        case .comment:
            output += "<!--" + node.value + "-->"
        case .processingInstruction:
            output += "<?" + (node.name?.localName ?? "") + (node.value.isEmpty ? "" : " " + node.value) + "?>"
        case .root, .attribute:
            break
        }
    }

    static func escape(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where inAttribute: result += "&quot;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t" where inAttribute: result += "&#9;"
            case "\r": result += "&#13;"
            default: result.append(character)
            }
        }
        return result
    }
}
