/// WireMock's `matchesXPath`: an XPath 1.0 expression compiled once, evaluated per request body.
///
/// With no namespaces bound, documents are read as WireMock reads them without
/// `xPathNamespaces`: unprefixed names in the expression match elements of any namespace
/// (`/thing` finds `<t:thing>`), and undeclared prefixes in the document are tolerated. With
/// namespaces bound, the document must be namespace-well-formed and names match by URI, so an
/// unprefixed name only matches elements in no namespace, as XPath 1.0 specifies.
public struct XPathQuery: Sendable, Equatable {
    private let compiled: XPathExpr
    private let isNamespaceAware: Bool

    /// Compiles `expression`.
    /// - Parameters:
    ///   - expression: An XPath 1.0 expression.
    ///   - namespaces: WireMock's `xPathNamespaces`: prefix to namespace URI.
    /// - Throws: ``XMLMatchError`` for a syntax error, an unknown function or axis, a wrong
    ///   number of arguments, an unbound prefix or a variable reference.
    public init(expression: String, namespaces: [String: String] = [:]) throws {
        compiled = try XPathParser.parse(expression, namespaces: namespaces)
        isNamespaceAware = !namespaces.isEmpty
    }

    /// The string value of each result, or nil when `xml` is not well-formed XML.
    ///
    /// Elements (and the document) are serialised as XML; attributes, text, comments and
    /// processing instructions give their text. A number, string or boolean result is one value.
    public func values(in xml: String) -> [String]? {
        guard let tree = try? XMLTreeParser.parse(xml, requireBoundPrefixes: isNamespaceAware) else { return nil }
        let evaluator = XPathEvaluator(tree: tree)
        switch evaluator.evaluate(compiled, .init(node: XMLTree.rootIndex, position: 1, size: 1)) {
        case .nodes(let nodes): return nodes.map { XMLSerializer.string(of: $0, in: tree) }
        case let scalar: return [evaluator.string(scalar)]
        }
    }

    /// Whether the expression selects at least one node; for a number, string or boolean result,
    /// whether XPath's `boolean()` of it is true. Never true for a body that is not XML.
    public func hasMatch(in xml: String) -> Bool {
        guard let tree = try? XMLTreeParser.parse(xml, requireBoundPrefixes: isNamespaceAware) else { return false }
        let evaluator = XPathEvaluator(tree: tree)
        return evaluator.boolean(evaluator.evaluate(compiled, .init(node: XMLTree.rootIndex, position: 1, size: 1)))
    }
}
