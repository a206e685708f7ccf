/// The parsed form of an XPath 1.0 expression. Prefixes are already resolved to namespace URIs.
indirect enum XPathExpr: Sendable, Equatable {
    case or(XPathExpr, XPathExpr)
    case and(XPathExpr, XPathExpr)
    case comparison(XPathComparison, XPathExpr, XPathExpr)
    case arithmetic(XPathArithmetic, XPathExpr, XPathExpr)
    case negate(XPathExpr)
    case union(XPathExpr, XPathExpr)
    case literal(String)
    case number(Double)
    case function(XPathFunction, [XPathExpr])
    /// A primary expression with predicates, such as `(//a)[1]`.
    case filter(XPathExpr, [XPathExpr])
    /// A location path, possibly starting from a filter expression (`(//a)/b`).
    case path(XPathPathStart, [XPathStep])
}

enum XPathPathStart: Sendable, Equatable {
    case root
    case context
    case expression(XPathExpr)
}

enum XPathComparison: Sendable, Equatable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
}

enum XPathArithmetic: Sendable, Equatable {
    case add, subtract, multiply, divide, modulo
}

struct XPathStep: Sendable, Equatable {
    let axis: XPathAxis
    let test: XPathNodeTest
    let predicates: [XPathExpr]
}

enum XPathAxis: String, Sendable, Equatable {
    case child, descendant, parent, ancestor, following, preceding, attribute, namespace
    case followingSibling = "following-sibling"
    case precedingSibling = "preceding-sibling"
    case `self`
    case descendantOrSelf = "descendant-or-self"
    case ancestorOrSelf = "ancestor-or-self"

    /// Reverse axes number their nodes from the context node backwards.
    var isReverse: Bool {
        switch self {
        case .ancestor, .ancestorOrSelf, .preceding, .precedingSibling: return true
        default: return false
        }
    }
}

/// Which namespace a name test accepts.
enum XPathNamespaceTest: Sendable, Equatable {
    /// Any namespace: used when no namespaces are bound, so `/thing` finds `<t:thing>` as in WireMock.
    case any
    /// Exactly this namespace URI (nil: no namespace).
    case uri(String?)
}

enum XPathNodeTest: Sendable, Equatable {
    case name(XPathNamespaceTest, localName: String)
    case anyName(XPathNamespaceTest)
    case node, text, comment
    case processingInstruction(String?)
}

/// The XPath 1.0 core function library.
enum XPathFunction: String, Sendable, Equatable, CaseIterable {
    case last, position, count, id, lang, concat, contains, substring, translate, boolean, not, `true`, `false`
    case number, sum, floor, ceiling, round, string
    case localName = "local-name"
    case namespaceURI = "namespace-uri"
    case name
    case startsWith = "starts-with"
    case substringBefore = "substring-before"
    case substringAfter = "substring-after"
    case stringLength = "string-length"
    case normalizeSpace = "normalize-space"

    /// How many arguments the function takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .last, .position, .true, .false: return 0...0
        case .count, .id, .lang, .boolean, .not, .sum, .floor, .ceiling, .round: return 1...1
        case .localName, .namespaceURI, .name, .string, .stringLength, .normalizeSpace, .number: return 0...1
        case .contains, .startsWith, .substringBefore, .substringAfter: return 2...2
        case .substring: return 2...3
        case .translate: return 3...3
        case .concat: return 2...Int.max
        }
    }
}
