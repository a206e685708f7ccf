/// Parses XPath 1.0 tokens into an ``XPathExpr``, resolving prefixes against the bound namespaces.
///
/// With no namespaces bound, unprefixed names match any namespace (WireMock parses such documents
/// without namespace awareness) and a prefixed name is an error, because nothing can bind it.
struct XPathParser {
    private let tokens: [XPathToken]
    private let expression: String
    private let namespaces: [String: String]
    private var position = 0
    private var depth = 0
    /// Deep enough for any real expression, shallow enough that hostile nesting cannot exhaust the stack.
    private static let maximumDepth = 64
    /// Evaluation recurses through the tree of operators, so long operator chains are capped too.
    private static let maximumTokens = 2_000

    static func parse(_ expression: String, namespaces: [String: String]) throws(XMLMatchError) -> XPathExpr {
        var parser = XPathParser(
            tokens: try XPathLexer.tokens(expression), expression: expression, namespaces: namespaces)
        guard !parser.tokens.isEmpty else { throw XMLMatchError("The XPath expression is empty.") }
        guard parser.tokens.count <= maximumTokens else {
            throw XMLMatchError("The XPath expression is too long (more than \(maximumTokens) tokens).")
        }
        let result = try parser.parseOr()
        if parser.position < parser.tokens.count {
            throw parser.fail("unexpected \(parser.describe(parser.tokens[parser.position]))")
        }
        return result
    }

    private init(tokens: [XPathToken], expression: String, namespaces: [String: String]) {
        self.tokens = tokens
        self.expression = expression
        self.namespaces = namespaces
    }

    // MARK: Token helpers

    private var current: XPathToken? { position < tokens.count ? tokens[position] : nil }
    private func peek(_ offset: Int) -> XPathToken? {
        position + offset < tokens.count ? tokens[position + offset] : nil
    }

    private mutating func take(_ token: XPathToken) -> Bool {
        guard current == token else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ token: XPathToken, _ what: String) throws(XMLMatchError) {
        guard take(token) else { throw fail("expected \(what)") }
    }

    private func fail(_ message: String) -> XMLMatchError {
        XMLMatchError("Invalid XPath '\(expression)': \(message).")
    }

    private func describe(_ token: XPathToken) -> String {
        switch token {
        case .name(let prefix, let local): return "'\(prefix.map { $0 + ":" } ?? "")\(local)'"
        case .literal(let text): return "'\(text)'"
        case .number(let value): return "number \(value)"
        default: return "token \(token)"
        }
    }

    private mutating func nested<T>(_ body: (inout XPathParser) throws(XMLMatchError) -> T) throws(XMLMatchError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("nested too deeply") }
        return try body(&self)
    }

    // MARK: Grammar (XPath 1.0, section 3)

    private mutating func parseOr() throws(XMLMatchError) -> XPathExpr {
        try nested { (parser: inout XPathParser) throws(XMLMatchError) -> XPathExpr in
            var left = try parser.parseAnd()
            while parser.take(.operatorName("or")) { left = .or(left, try parser.parseAnd()) }
            return left
        }
    }

    private mutating func parseAnd() throws(XMLMatchError) -> XPathExpr {
        var left = try parseEquality()
        while take(.operatorName("and")) { left = .and(left, try parseEquality()) }
        return left
    }

    private mutating func parseEquality() throws(XMLMatchError) -> XPathExpr {
        var left = try parseRelational()
        while true {
            if take(.equals) {
                left = .comparison(.equal, left, try parseRelational())
            } else if take(.notEquals) {
                left = .comparison(.notEqual, left, try parseRelational())
            } else {
                return left
            }
        }
    }

    private mutating func parseRelational() throws(XMLMatchError) -> XPathExpr {
        var left = try parseAdditive()
        while true {
            if take(.less) {
                left = .comparison(.less, left, try parseAdditive())
            } else if take(.lessOrEqual) {
                left = .comparison(.lessOrEqual, left, try parseAdditive())
            } else if take(.greater) {
                left = .comparison(.greater, left, try parseAdditive())
            } else if take(.greaterOrEqual) {
                left = .comparison(.greaterOrEqual, left, try parseAdditive())
            } else {
                return left
            }
        }
    }

    private mutating func parseAdditive() throws(XMLMatchError) -> XPathExpr {
        var left = try parseMultiplicative()
        while true {
            if take(.plus) {
                left = .arithmetic(.add, left, try parseMultiplicative())
            } else if take(.minus) {
                left = .arithmetic(.subtract, left, try parseMultiplicative())
            } else {
                return left
            }
        }
    }

    private mutating func parseMultiplicative() throws(XMLMatchError) -> XPathExpr {
        var left = try parseUnary()
        while true {
            if take(.multiply) {
                left = .arithmetic(.multiply, left, try parseUnary())
            } else if take(.operatorName("div")) {
                left = .arithmetic(.divide, left, try parseUnary())
            } else if take(.operatorName("mod")) {
                left = .arithmetic(.modulo, left, try parseUnary())
            } else {
                return left
            }
        }
    }

    private mutating func parseUnary() throws(XMLMatchError) -> XPathExpr {
        if take(.minus) {
            return try nested { (parser: inout XPathParser) throws(XMLMatchError) -> XPathExpr in
                .negate(try parser.parseUnary())
            }
        }
        var left = try parsePath()
        while take(.pipe) { left = .union(left, try parsePath()) }
        return left
    }

    private mutating func parsePath() throws(XMLMatchError) -> XPathExpr {
        guard let token = current else { throw fail("unexpected end of expression") }
        switch token {
        case .slash:
            position += 1
            guard startsStep(current) else { return .path(.root, []) }
            return .path(.root, try parseRelativeSteps())
        case .doubleSlash:
            position += 1
            return .path(.root, [Self.anyDescendantOrSelf] + (try parseRelativeSteps()))
        case .leftParen, .literal, .number, .variable:
            return try parseFilterPath()
        case .name where peek(1) == .leftParen && !Self.isNodeType(token):
            return try parseFilterPath()
        default:
            guard startsStep(token) else { throw fail("unexpected \(describe(token))") }
            return .path(.context, try parseRelativeSteps())
        }
    }

    private static let anyDescendantOrSelf = XPathStep(axis: .descendantOrSelf, test: .node, predicates: [])

    private static func isNodeType(_ token: XPathToken) -> Bool {
        guard case .name(nil, let local) = token else { return false }
        return ["node", "text", "comment", "processing-instruction"].contains(local)
    }

    private func startsStep(_ token: XPathToken?) -> Bool {
        switch token {
        case .name, .star, .prefixedStar, .at, .dot, .doubleDot: return true
        default: return false
        }
    }

    private mutating func parseFilterPath() throws(XMLMatchError) -> XPathExpr {
        var primary = try parsePrimary()
        var predicates: [XPathExpr] = []
        while current == .leftBracket { predicates.append(try parsePredicate()) }
        if !predicates.isEmpty { primary = .filter(primary, predicates) }
        if take(.slash) {
            return .path(.expression(primary), try parseRelativeSteps())
        }
        if take(.doubleSlash) {
            return .path(.expression(primary), [Self.anyDescendantOrSelf] + (try parseRelativeSteps()))
        }
        return primary
    }

    private mutating func parsePrimary() throws(XMLMatchError) -> XPathExpr {
        guard let token = current else { throw fail("unexpected end of expression") }
        position += 1
        switch token {
        case .literal(let text): return .literal(text)
        case .number(let value): return .number(value)
        case .variable(let name): throw fail("variable '$\(name)' is not bound")
        case .leftParen:
            let inner = try parseOr()
            try expect(.rightParen, "')'")
            return inner
        case .name(let prefix, let local):
            guard prefix == nil, let function = XPathFunction(rawValue: local) else {
                throw fail("unknown function '\(prefix.map { $0 + ":" } ?? "")\(local)()'")
            }
            try expect(.leftParen, "'('")
            var arguments: [XPathExpr] = []
            if !take(.rightParen) {
                repeat { arguments.append(try parseOr()) } while take(.comma)
                try expect(.rightParen, "')' after the arguments of \(local)()")
            }
            guard function.arity.contains(arguments.count) else {
                throw fail("\(local)() does not take \(arguments.count) argument(s)")
            }
            return .function(function, arguments)
        default:
            throw fail("unexpected \(describe(token))")
        }
    }

    private mutating func parsePredicate() throws(XMLMatchError) -> XPathExpr {
        try expect(.leftBracket, "'['")
        let predicate = try parseOr()
        try expect(.rightBracket, "']'")
        return predicate
    }

    private mutating func parseRelativeSteps() throws(XMLMatchError) -> [XPathStep] {
        var steps = [try parseStep()]
        while true {
            if take(.slash) {
                steps.append(try parseStep())
            } else if take(.doubleSlash) {
                steps.append(Self.anyDescendantOrSelf)
                steps.append(try parseStep())
            } else {
                return steps
            }
        }
    }

    private mutating func parseStep() throws(XMLMatchError) -> XPathStep {
        if take(.dot) { return XPathStep(axis: .self, test: .node, predicates: []) }
        if take(.doubleDot) { return XPathStep(axis: .parent, test: .node, predicates: []) }
        var axis = XPathAxis.child
        if take(.at) {
            axis = .attribute
        } else if case .name(nil, let name) = current, peek(1) == .doubleColon {
            guard let named = XPathAxis(rawValue: name) else { throw fail("unknown axis '\(name)'") }
            axis = named
            position += 2
        }
        let test = try parseNodeTest()
        var predicates: [XPathExpr] = []
        while current == .leftBracket { predicates.append(try parsePredicate()) }
        return XPathStep(axis: axis, test: test, predicates: predicates)
    }

    private mutating func parseNodeTest() throws(XMLMatchError) -> XPathNodeTest {
        guard let token = current else { throw fail("expected a node test") }
        position += 1
        switch token {
        case .star:
            return .anyName(.any)
        case .prefixedStar(let prefix):
            return .anyName(.uri(try namespace(for: prefix)))
        case .name(let prefix, let local):
            if prefix == nil, take(.leftParen) {
                let test: XPathNodeTest
                switch local {
                case "node": test = .node
                case "text": test = .text
                case "comment": test = .comment
                case "processing-instruction":
                    if case .literal(let target) = current {
                        position += 1
                        test = .processingInstruction(target)
                    } else {
                        test = .processingInstruction(nil)
                    }
                default: throw fail("'\(local)()' is not a node test")
                }
                try expect(.rightParen, "')'")
                return test
            }
            guard let prefix else {
                return .name(namespaces.isEmpty ? .any : .uri(nil), localName: local)
            }
            return .name(.uri(try namespace(for: prefix)), localName: local)
        default:
            throw fail("expected a node test, found \(describe(token))")
        }
    }

    private func namespace(for prefix: String) throws(XMLMatchError) -> String {
        if prefix == "xml" { return XMLTree.xmlNamespaceURI }
        guard let uri = namespaces[prefix] else {
            throw fail("the prefix '\(prefix)' is not bound; declare it in xPathNamespaces")
        }
        return uri
    }
}
