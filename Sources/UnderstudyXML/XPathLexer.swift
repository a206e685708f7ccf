/// A token of an XPath 1.0 expression.
enum XPathToken: Sendable, Equatable {
    case slash, doubleSlash, leftBracket, rightBracket, leftParen, rightParen, at, comma
    case doubleColon, dot, doubleDot, pipe, plus, minus
    case equals, notEquals, less, lessOrEqual, greater, greaterOrEqual
    /// `*` read as multiplication.
    case multiply
    /// `*` read as a name test.
    case star
    /// `and`, `or`, `mod` or `div` in operator position.
    case operatorName(String)
    case name(prefix: String?, localName: String)
    /// `prefix:*`
    case prefixedStar(String)
    case literal(String)
    case number(Double)
    case variable(String)

    /// Whether a `*` or name after this token is an operator (XPath 1.0, section 3.7).
    var makesNextAnOperator: Bool {
        switch self {
        case .at, .doubleColon, .leftParen, .leftBracket, .comma, .slash, .doubleSlash, .pipe, .plus, .minus,
            .equals, .notEquals, .less, .lessOrEqual, .greater, .greaterOrEqual, .multiply, .operatorName:
            return false
        default:
            return true
        }
    }
}

/// Splits an XPath 1.0 expression into tokens.
enum XPathLexer {
    static func tokens(_ expression: String) throws(XMLMatchError) -> [XPathToken] {
        let characters = Array(expression)
        var tokens: [XPathToken] = []
        var index = 0
        func peek(_ offset: Int = 0) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        func fail(_ message: String) -> XMLMatchError {
            XMLMatchError("Invalid XPath '\(expression)': \(message) at position \(index + 1).")
        }
        // `fail` reads `index`, so it must not run while `readNumber` holds `index` inout: that
        // overlap is an exclusivity violation, which traps (found by fuzzing with "1.2.3").
        func numberToken() throws(XMLMatchError) -> XPathToken {
            let (text, value) = readNumber(characters, &index)
            guard let value else { throw fail("malformed number '\(text)'") }
            return .number(value)
        }
        func readNCName() -> String {
            var name = ""
            while let character = peek(), isNameCharacter(character) {
                name.append(character)
                index += 1
            }
            return name
        }
        while let character = peek() {
            let operatorExpected = tokens.last?.makesNextAnOperator ?? false
            switch character {
            case " ", "\t", "\n", "\r":
                index += 1
                continue
            case "/":
                if peek(1) == "/" {
                    tokens.append(.doubleSlash)
                    index += 2
                } else {
                    tokens.append(.slash)
                    index += 1
                }
            case "[":
                tokens.append(.leftBracket)
                index += 1
            case "]":
                tokens.append(.rightBracket)
                index += 1
            case "(":
                tokens.append(.leftParen)
                index += 1
            case ")":
                tokens.append(.rightParen)
                index += 1
            case "@":
                tokens.append(.at)
                index += 1
            case ",":
                tokens.append(.comma)
                index += 1
            case "|":
                tokens.append(.pipe)
                index += 1
            case "+":
                tokens.append(.plus)
                index += 1
            case "-":
                tokens.append(.minus)
                index += 1
            case "=":
                tokens.append(.equals)
                index += 1
            case "!":
                guard peek(1) == "=" else { throw fail("'!' must be followed by '='") }
                tokens.append(.notEquals)
                index += 2
            case "<":
                if peek(1) == "=" {
                    tokens.append(.lessOrEqual)
                    index += 2
                } else {
                    tokens.append(.less)
                    index += 1
                }
            case ">":
                if peek(1) == "=" {
                    tokens.append(.greaterOrEqual)
                    index += 2
                } else {
                    tokens.append(.greater)
                    index += 1
                }
            case ":":
                guard peek(1) == ":" else { throw fail("unexpected ':'") }
                tokens.append(.doubleColon)
                index += 2
            case "*":
                tokens.append(operatorExpected ? .multiply : .star)
                index += 1
            case "\"", "'":
                index += 1
                var literal = ""
                while let next = peek(), next != character {
                    literal.append(next)
                    index += 1
                }
                guard peek() == character else { throw fail("unterminated string literal") }
                index += 1
                tokens.append(.literal(literal))
            case "$":
                index += 1
                let name = readNCName()
                guard !name.isEmpty else { throw fail("'$' must be followed by a variable name") }
                tokens.append(.variable(name))
            case ".":
                if let next = peek(1), next.isASCII, next.isNumber {
                    tokens.append(try numberToken())
                } else if peek(1) == "." {
                    tokens.append(.doubleDot)
                    index += 2
                } else {
                    tokens.append(.dot)
                    index += 1
                }
            case _ where character.isASCII && character.isNumber:
                tokens.append(try numberToken())
            case _ where isNameStart(character):
                let first = readNCName()
                if operatorExpected {
                    guard ["and", "or", "mod", "div"].contains(first) else {
                        throw fail("expected an operator, found '\(first)'")
                    }
                    tokens.append(.operatorName(first))
                } else if peek() == ":", peek(1) != ":" {
                    index += 1
                    if peek() == "*" {
                        index += 1
                        tokens.append(.prefixedStar(first))
                    } else {
                        guard let next = peek(), isNameStart(next) else {
                            throw fail("expected a local name after '\(first):'")
                        }
                        tokens.append(.name(prefix: first, localName: readNCName()))
                    }
                } else {
                    tokens.append(.name(prefix: nil, localName: first))
                }
            default:
                throw fail("unexpected character '\(character)'")
            }
        }
        return tokens
    }

    /// The digits and dots at `index`, and their value (nil when they are not a number, as in `1.2.3`).
    private static func readNumber(_ characters: [Character], _ index: inout Int) -> (text: String, value: Double?) {
        var text = ""
        while index < characters.count, characters[index].isASCII,
            characters[index].isNumber || characters[index] == "."
        {
            text.append(characters[index])
            index += 1
        }
        return (text, Double(text.hasPrefix(".") ? "0" + text : text))
    }

    private static func isNameStart(_ character: Character) -> Bool {
        character == "_" || character.isLetter || !character.isASCII
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        isNameStart(character) || (character.isASCII && character.isNumber) || character == "." || character == "-"
    }
}
