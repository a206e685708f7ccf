/// The expected document of an `equalToXml` matcher, reduced once at load time to what is compared:
/// comments dropped, whitespace-only text dropped, text trimmed, placeholders recognised.
struct XMLExpectedElement: Sendable, Equatable {
    struct Attribute: Sendable, Equatable {
        let key: XMLNameRules.Key
        let expectation: XMLValueExpectation
    }

    enum Child: Sendable, Equatable {
        case element(XMLExpectedElement)
        case text(XMLValueExpectation)
        case processingInstruction(target: String, data: String)
    }

    let key: XMLNameRules.Key
    let attributes: [Attribute]
    let children: [Child]

    /// Compiles element `index` of `tree`. `placeholders` is nil when placeholders are disabled.
    init(tree: XMLTree, index: Int, rules: XMLNameRules, placeholders: XMLPlaceholderReader?) throws(XMLMatchError) {
        let node = tree.nodes[index]
        key = node.name.map(rules.elementKey) ?? XMLNameRules.Key(namespaceURI: nil, name: nil)
        var attributes: [Attribute] = []
        for attributeIndex in node.attributes {
            let attribute = tree.nodes[attributeIndex]
            guard rules.compares(attribute), let name = attribute.name else { continue }
            let expectation =
                try placeholders?.expectation(for: attribute.value, trimmed: false) ?? .literal(attribute.value)
            attributes.append(Attribute(key: rules.attributeKey(name), expectation: expectation))
        }
        self.attributes = attributes
        var children: [Child] = []
        for child in XMLComparableChild.children(of: index, in: tree) {
            switch child {
            case .element(let childIndex):
                children.append(
                    .element(
                        try XMLExpectedElement(tree: tree, index: childIndex, rules: rules, placeholders: placeholders))
                )
            case .text(let text):
                children.append(.text(try placeholders?.expectation(for: text, trimmed: true) ?? .literal(text)))
            case .processingInstruction(let childIndex):
                let pi = tree.nodes[childIndex]
                children.append(.processingInstruction(target: pi.name?.localName ?? "", data: pi.value))
            }
        }
        self.children = children
    }
}

/// A child as XMLUnit's `ignoreWhitespace` sees it: comments gone, adjacent text joined and
/// trimmed, whitespace-only text gone.
enum XMLComparableChild: Equatable {
    case element(Int)
    case text(String)
    case processingInstruction(Int)

    static func children(of index: Int, in tree: XMLTree) -> [XMLComparableChild] {
        var result: [XMLComparableChild] = []
        var text = ""
        func flush() {
            let trimmed = text.trimmingXMLWhitespace()
            if !trimmed.isEmpty { result.append(.text(trimmed)) }
            text = ""
        }
        for child in tree.nodes[index].children {
            switch tree.nodes[child].kind {
            case .text:
                text += tree.nodes[child].value
            case .comment:
                continue  // Dropped without splitting the text around it.
            case .element:
                flush()
                result.append(.element(child))
            case .processingInstruction:
                flush()
                result.append(.processingInstruction(child))
            case .root, .attribute:
                continue
            }
        }
        flush()
        return result
    }
}
