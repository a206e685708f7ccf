/// WireMock's `equalToXml` matcher: semantic XML equality as XMLUnit judges it in WireMock.
///
/// Whitespace-only text between elements, comments, attribute order, namespace prefixes and the
/// order of differently named siblings do not matter; text is compared trimmed. Optional XMLUnit
/// placeholders (`${xmlunit.ignore}`, `${xmlunit.isNumber}`, `${xmlunit.matchesRegex(re)}`,
/// `${xmlunit.isDateTime}`) relax single values. The expected document is parsed once, here;
/// each call parses only the actual body. A body that is not XML never matches.
public struct XMLEquality: Sendable, Equatable {
    /// WireMock's `namespaceAwareness`; nil behaves as ``strict``.
    ///
    /// Spell ``none`` in full (`XMLEquality.NamespaceAwareness.none`) where an optional is
    /// expected: a bare `.none` means `nil` there, which is ``strict``.
    public enum NamespaceAwareness: String, Sendable {
        /// Prefixes must be bound; names compare by namespace URI and local name.
        case strict = "STRICT"
        /// WireMock's historical behaviour: element prefixes ignored, attributes by written name.
        case legacy = "LEGACY"
        /// Names compare as written; namespace URIs ignored; `xmlns` attributes are ordinary attributes.
        case none = "NONE"
    }

    private let expected: XMLExpectedElement
    private let rules: XMLNameRules
    private let exempted: Set<XMLComparisonType>
    private let ignoresOrderOfSameNode: Bool

    /// Builds the matcher.
    /// - Parameters:
    ///   - expected: The expected XML document.
    ///   - enablePlaceholders: Recognise XMLUnit `xmlunit.*` placeholders in text and attribute values.
    ///   - placeholderOpeningDelimiterRegex: Regex for the opening delimiter; default `\$\{`.
    ///   - placeholderClosingDelimiterRegex: Regex for the closing delimiter; default `\}`.
    ///   - exemptedComparisons: XMLUnit `ComparisonType` names whose differences are ignored.
    ///   - ignoreOrderOfSameNode: Same-named sibling elements may come in any order.
    ///   - namespaceAwareness: How namespaces are treated; nil means ``NamespaceAwareness/strict``.
    /// - Throws: ``XMLMatchError`` when `expected` is not well-formed, a delimiter or
    ///   `matchesRegex` regex is invalid, or a comparison name is unknown.
    public init(
        expected: String, enablePlaceholders: Bool = false, placeholderOpeningDelimiterRegex: String? = nil,
        placeholderClosingDelimiterRegex: String? = nil, exemptedComparisons: [String] = [],
        ignoreOrderOfSameNode: Bool = false, namespaceAwareness: NamespaceAwareness? = nil
    ) throws {
        let awareness = namespaceAwareness ?? .strict
        let exempted = try XMLComparisonType.parse(exemptedComparisons)
        let rules = XMLNameRules(awareness: awareness, exempted: exempted)
        let placeholders =
            enablePlaceholders
            ? try XMLPlaceholderReader(
                openingDelimiterRegex: placeholderOpeningDelimiterRegex,
                closingDelimiterRegex: placeholderClosingDelimiterRegex)
            : nil
        let tree: XMLTree
        do {
            tree = try XMLTreeParser.parse(expected, requireBoundPrefixes: awareness == .strict)
        } catch {
            throw XMLMatchError("equalToXml: the expected XML cannot be read. \(error.message)")
        }
        guard let root = tree.documentElement else {
            throw XMLMatchError("equalToXml: the expected XML has no root element.")
        }
        self.expected = try XMLExpectedElement(tree: tree, index: root, rules: rules, placeholders: placeholders)
        self.rules = rules
        self.exempted = exempted
        self.ignoresOrderOfSameNode = ignoreOrderOfSameNode
    }

    /// Whether `actual` is XML equal to the expected document.
    public func matches(_ actual: String) -> Bool {
        guard let comparison = compare(actual, stoppingAtFirstDifference: true) else { return false }
        return comparison.differences == 0
    }

    /// How far `actual` is from the expected document: differing checks divided by all checks,
    /// 0 for a match and 1 for a body that is not XML.
    public func distance(_ actual: String) -> Double {
        guard let comparison = compare(actual, stoppingAtFirstDifference: false) else { return 1 }
        guard comparison.checks > 0 else { return comparison.differences == 0 ? 0 : 1 }
        return Double(comparison.differences) / Double(comparison.checks)
    }

    private func compare(_ actual: String, stoppingAtFirstDifference: Bool) -> XMLComparison? {
        guard let tree = try? XMLTreeParser.parse(actual, requireBoundPrefixes: rules.awareness == .strict),
            let root = tree.documentElement
        else { return nil }
        var comparison = XMLComparison(
            tree: tree, rules: rules, exempted: exempted,
            ignoresOrderOfSameNode: ignoresOrderOfSameNode,
            stopsAtFirstDifference: stoppingAtFirstDifference)
        comparison.compare(expected, with: root)
        return comparison
    }
}
