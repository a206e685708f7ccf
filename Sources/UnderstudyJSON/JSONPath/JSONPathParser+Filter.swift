import Foundation

/// Filter expressions: `[?(@.price < 10 && !@.isbn || @.tags anyof ['a'])]`.
/// `&&` binds tighter than `||`, `!` negates the term after it, parentheses group.
extension JSONPathParser {
    mutating func parseFilterOr() throws -> FilterExpression {
        try enterNesting()
        defer { nesting -= 1 }
        var terms = [try parseFilterAnd()]
        while true {
            skipWhitespace()
            guard peek == "|" else { break }
            guard peek(1) == "|" else { throw error("Expected '||'") }
            index += 2
            terms.append(try parseFilterAnd())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    mutating func parseFilterAnd() throws -> FilterExpression {
        var terms = [try parseFilterUnary()]
        while true {
            skipWhitespace()
            guard peek == "&" else { break }
            guard peek(1) == "&" else { throw error("Expected '&&'") }
            index += 2
            terms.append(try parseFilterUnary())
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    mutating func parseFilterUnary() throws -> FilterExpression {
        skipWhitespace()
        switch peek {
        case "!":
            index += 1
            try enterNesting()
            defer { nesting -= 1 }
            return .not(try parseFilterUnary())
        case "(":
            let open = index
            index += 1
            let inner = try parseFilterOr()
            skipWhitespace()
            guard peek == ")" else { throw error("Missing ')' to close the '(' at position \(open)") }
            index += 1
            return inner
        default:
            return try parseRelation()
        }
    }

    /// `left op right`, or a lone path, which tests that the path exists.
    mutating func parseRelation() throws -> FilterExpression {
        let start = index
        let left = try parseOperand()
        skipWhitespace()
        if let c = peek, c != ")", c != "&", c != "|" {
            let op = try parseRelationalOperator()
            skipWhitespace()
            let right = try parseOperand()
            return .compare(left, op, right)
        }
        guard case .path(let path) = left else {
            throw error("Expected a comparison operator after the value at position \(start)")
        }
        return .exists(path)
    }

    mutating func parseRelationalOperator() throws -> RelationalOperator {
        let start = index
        let symbols: Set<Character> = ["<", ">", "=", "!", "~"]
        if let c = peek, symbols.contains(c) {
            while let c = peek, symbols.contains(c) { index += 1 }
        } else {
            while let c = peek, c.isLetter { index += 1 }
        }
        let text = String(characters[start..<index])
        guard !text.isEmpty else {
            let found = peek.map { "'\($0)'" } ?? "the end of the expression"
            throw error("Expected a comparison operator but found \(found)")
        }
        // Jayway reads word operators case-insensitively.
        guard let op = RelationalOperator(rawValue: text.lowercased()) else {
            throw error("Filter operator '\(text)' is not supported", at: start)
        }
        return op
    }

    mutating func parseOperand() throws -> FilterOperand {
        skipWhitespace()
        guard let c = peek else { throw error("Expected a value but found the end of the expression") }
        switch c {
        case "@", "$": return .path(try parsePath(inFilter: true))
        case "'", "\"": return .literal(.string(try readQuotedString()))
        case "/": return .regex(try readRegexLiteral())
        case "[", "{": return .literal(try readJSONLiteral())
        case "t": return .literal(try readKeyword("true", value: .bool(true)))
        case "f": return .literal(try readKeyword("false", value: .bool(false)))
        case "n": return .literal(try readKeyword("null", value: .null))
        case "-", "+", ".": return .literal(try readNumberLiteral())
        default:
            if c.isASCII, c.isNumber { return .literal(try readNumberLiteral()) }
            throw error(
                "Expected a value (a path, string, number, true, false, null, JSON array or object, or /regex/) but found '\(c)'"
            )
        }
    }
}
