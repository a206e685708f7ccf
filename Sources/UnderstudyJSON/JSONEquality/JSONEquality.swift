/// WireMock's `equalToJson` body matcher, with the semantics of the JsonUnit library WireMock uses.
///
/// * Object member order is irrelevant; numbers compare by value (`1.2` equals `1.2000000`, `1` equals `1.0`).
/// * A `null` member and a missing member differ (WireMock issue #899).
/// * `ignoreArrayOrder` compares arrays as multisets at every depth, with a true bipartite pairing.
/// * `ignoreExtraElements` ignores extra object members and extra array items: trailing items for ordered
///   arrays, any items when array order is ignored. Missing items always count.
/// * JsonUnit placeholders in expected strings: `${json-unit.any-string}`, `${json-unit.any-number}`,
///   `${json-unit.any-boolean}`, `${json-unit.any-array}`, `${json-unit.ignore}` (any value, member must be
///   present), `${json-unit.ignore-element}` (member may also be absent), `${json-unit.regex}re` (whole-string
///   match, strings only). `${json-unit.matches:name}` never matches: WireMock registers no named matchers.
///
/// The expected tree is compiled once at init; `matches` stops at the first difference and builds no text.
public struct JSONEquality: Sendable, Equatable {
    /// The expected document as given, placeholders included.
    public let expected: JSONValue
    /// Arrays match in any order.
    public let ignoreArrayOrder: Bool
    /// The actual value may have members and elements the expected one lacks.
    public let ignoreExtraElements: Bool

    private let root: JSONEqualityNode
    private let options: JSONEqualityOptions

    /// Compiles `expected` once.
    /// - Throws: `JSONEqualityError` when a `${json-unit.regex}` placeholder holds an invalid regular expression.
    public init(expected: JSONValue, ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false) throws {
        self.expected = expected
        self.ignoreArrayOrder = ignoreArrayOrder
        self.ignoreExtraElements = ignoreExtraElements
        self.options = JSONEqualityOptions(ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        self.root = try JSONEqualityNode(compiling: expected, options: options)
    }

    /// Whether `actual` equals the expected document under this pattern's options and placeholders.
    public func matches(_ actual: JSONValue) -> Bool {
        root.matches(actual, options)
    }

    /// WireMock's distance: number of differing nodes divided by the number of nodes (0 = equal, capped at 1).
    ///
    /// Nodes are counted as WireMock's `Json.deepSize` counts them, over the larger of the two documents, and
    /// each difference weighs the larger of its two subtrees, as WireMock's JsonUnit listener does.
    public func distance(_ actual: JSONValue) -> Double {
        if matches(actual) { return 0 }
        var walker = JSONDifferenceWalker(options: options, collectsMessages: false)
        walker.compare(root, actual)
        let nodes = max(root.weight, JSONNodeWeight.of(actual), 1)
        // A non-match always has some distance, even if the walk found nothing it could weigh.
        let differing = max(walker.weight, 1)
        return min(1, Double(differing) / Double(nodes))
    }

    /// Human-readable differences, e.g. "$.a: expected 1 but was 2", "$.b: missing", "$.c: unexpected" (used in
    /// near-miss diffs and test failures). Empty when matching.
    public func differences(_ actual: JSONValue) -> [String] {
        if matches(actual) { return [] }
        var walker = JSONDifferenceWalker(options: options, collectsMessages: true)
        walker.compare(root, actual)
        return walker.messages.isEmpty ? ["$: does not match"] : walker.messages
    }

    public static func == (lhs: JSONEquality, rhs: JSONEquality) -> Bool {
        lhs.expected == rhs.expected && lhs.ignoreArrayOrder == rhs.ignoreArrayOrder
            && lhs.ignoreExtraElements == rhs.ignoreExtraElements
    }
}
