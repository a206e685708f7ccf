/// How names are compared under one `namespaceAwareness` and set of exempted comparisons.
///
/// * STRICT (the default): elements and attributes by namespace URI and local name; prefixes and
///   `xmlns` attributes are ignored.
/// * LEGACY: element prefixes (and the URIs they bind) are ignored, but an unprefixed element keeps
///   its default namespace; attributes are compared by their written name; `xmlns` attributes are ignored.
/// * NONE: everything by its written name, `xmlns` attributes included, URIs ignored.
struct XMLNameRules: Sendable, Equatable {
    /// The part of a name that must agree; a nil part is not compared.
    struct Key: Sendable, Hashable {
        let namespaceURI: String?
        let name: String?
    }

    let awareness: XMLEquality.NamespaceAwareness
    let ignoresNamespaceURI: Bool
    let ignoresElementName: Bool
    let ignoresSchemaLocation: Bool
    let ignoresNoNamespaceSchemaLocation: Bool

    init(awareness: XMLEquality.NamespaceAwareness, exempted: Set<XMLComparisonType>) {
        self.awareness = awareness
        ignoresNamespaceURI = exempted.contains(.namespaceURI)
        ignoresElementName = exempted.contains(.elementTagName)
        ignoresSchemaLocation = exempted.contains(.schemaLocation)
        ignoresNoNamespaceSchemaLocation = exempted.contains(.noNamespaceSchemaLocation)
    }

    func elementKey(_ name: XMLTree.Name) -> Key {
        let uri: String?
        let local: String
        switch awareness {
        case .strict:
            uri = name.namespaceURI
            local = name.localName
        case .legacy:
            uri = name.prefix == nil ? name.namespaceURI : nil
            local = name.localName
        case .none:
            uri = nil
            local = name.qualifiedName
        }
        return Key(namespaceURI: ignoresNamespaceURI ? nil : uri, name: ignoresElementName ? nil : local)
    }

    func attributeKey(_ name: XMLTree.Name) -> Key {
        switch awareness {
        case .strict:
            return Key(namespaceURI: ignoresNamespaceURI ? nil : name.namespaceURI, name: name.localName)
        case .legacy, .none:
            return Key(namespaceURI: nil, name: name.qualifiedName)
        }
    }

    /// Whether an attribute takes part in the comparison at all.
    func compares(_ attribute: XMLTree.Node) -> Bool {
        if attribute.isNamespaceDeclaration { return awareness == .none }
        guard let name = attribute.name else { return false }
        let isSchemaInstance =
            awareness == .strict
            ? name.namespaceURI == "http://www.w3.org/2001/XMLSchema-instance"
            : name.prefix == "xsi"
        guard isSchemaInstance else { return true }
        if name.localName == "schemaLocation" { return !ignoresSchemaLocation }
        if name.localName == "noNamespaceSchemaLocation" { return !ignoresNoNamespaceSchemaLocation }
        return true
    }
}
