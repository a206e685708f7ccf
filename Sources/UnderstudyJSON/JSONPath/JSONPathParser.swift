import Foundation

/// Compiles Jayway JsonPath syntax into a `CompiledPath`, reporting the first mistake with
/// its character position. Filter expressions and literals are in the extensions.
struct JSONPathParser {
    /// Filters inside filters, parentheses and `!` may nest this deep; a hostile expression
    /// cannot exhaust the stack.
    static let maximumNesting = 32

    let characters: [Character]
    var index: Int
    /// One past the last non-blank character: Jayway trims the expression.
    let end: Int
    var nesting = 0

    init(_ expression: String) {
        characters = Array(expression)
        var start = 0
        var end = characters.count
        while start < end, characters[start].isWhitespace { start += 1 }
        while end > start, characters[end - 1].isWhitespace { end -= 1 }
        self.index = start
        self.end = end
    }

    static func compile(_ expression: String) throws -> CompiledPath {
        var parser = JSONPathParser(expression)
        guard parser.index < parser.end else {
            throw JSONPathError(message: "The JSONPath expression is empty", position: nil)
        }
        return try parser.parsePath(inFilter: false)
    }

    var peek: Character? { index < end ? characters[index] : nil }

    func peek(_ offset: Int) -> Character? {
        let position = index + offset
        return position < end ? characters[position] : nil
    }

    func error(_ message: String, at position: Int? = nil) -> JSONPathError {
        JSONPathError(message: message, position: position ?? index)
    }

    mutating func skipWhitespace() {
        while let c = peek, c.isWhitespace { index += 1 }
    }

    mutating func enterNesting() throws {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw error("The expression nests filters or parentheses more than \(Self.maximumNesting) deep")
        }
    }

    // MARK: Paths

    /// A whole path: `$…` or `@…`, or (top level only) a bare `a.b`, which Jayway reads as
    /// `$.a.b`. Inside a filter the path stops at a blank, an operator or a closing bracket.
    mutating func parsePath(inFilter: Bool) throws -> CompiledPath {
        var origin = CompiledPath.Origin.root
        var steps: [PathStep] = []
        switch peek {
        case "$": index += 1
        case "@":
            origin = .current
            index += 1
        default: try parseAfterDot(into: &steps, inFilter: inFilter)
        }
        loop: while let c = peek {
            if inFilter, Self.endsFilterPath(c) { break }
            if case .function(let function)? = steps.last {
                throw error("The function \(function.rawValue)() must be the last step of a path")
            }
            switch c {
            case ".":
                if peek(1) == "." {
                    index += 2
                    try parseScan(into: &steps, inFilter: inFilter)
                } else {
                    index += 1
                    try parseAfterDot(into: &steps, inFilter: inFilter)
                }
            case "[":
                steps.append(.select(try parseBracket()))
            default:
                if c.isWhitespace {
                    throw error("Use bracket notation ['my prop'] for a name with blanks in it")
                }
                throw error("Unexpected character '\(c)': expected '.' or '['")
            }
        }
        // Jayway merges several names on the last step into one object (and calls it definite).
        if case .select(.names(let names))? = steps.last, names.count > 1 {
            steps[steps.count - 1] = .select(.mergedNames(names))
        }
        return CompiledPath(origin: origin, steps: steps)
    }

    static func endsFilterPath(_ c: Character) -> Bool {
        c.isWhitespace || "<>=!~)&|,]".contains(c)
    }

    /// What follows a single `.`: a name, a function call, `*` or a bracket.
    mutating func parseAfterDot(into steps: inout [PathStep], inFilter: Bool) throws {
        guard let c = peek else { throw error("A path must not end with '.'") }
        switch c {
        case ".": throw error("Character '.' is not valid here")
        case "*":
            index += 1
            steps.append(.select(.wildcard))
        case "[":
            steps.append(.select(try parseBracket()))
        default:
            let start = index
            let name = readDotName(inFilter: inFilter)
            guard !name.isEmpty else {
                if c.isWhitespace { throw error("Use bracket notation ['my prop'] for a name with blanks in it") }
                throw error("Expected a property name after '.'", at: start)
            }
            if peek == "(" {
                steps.append(.function(try parseFunctionCall(name, start: start)))
            } else {
                steps.append(.select(.names([name])))
            }
        }
    }

    /// What follows `..`: the selector applied at every level below.
    mutating func parseScan(into steps: inout [PathStep], inFilter: Bool) throws {
        guard let c = peek else { throw error("A path must not end with '..'") }
        switch c {
        case ".": throw error("Character '.' is not valid here")
        case "*":
            index += 1
            steps.append(.scan(.wildcard))
        case "[":
            steps.append(.scan(try parseBracket()))
        default:
            let start = index
            let name = readDotName(inFilter: inFilter)
            guard !name.isEmpty else { throw error("Expected a property name after '..'", at: start) }
            if peek == "(" { throw error("A function cannot directly follow '..'", at: start) }
            steps.append(.scan(.names([name])))
        }
    }

    /// A name in dot notation runs to the next `.`, `[`, `(` or blank (or, in a filter, an
    /// operator). A stray `)` or `]` ends it too, so it is reported rather than read as a name.
    mutating func readDotName(inFilter: Bool) -> String {
        let start = index
        while let c = peek, !".[()]".contains(c), !c.isWhitespace {
            if inFilter, Self.endsFilterPath(c) { break }
            index += 1
        }
        return String(characters[start..<index])
    }

    mutating func parseFunctionCall(_ name: String, start: Int) throws -> JSONPathFunction {
        index += 1  // (
        skipWhitespace()
        guard peek == ")" else {
            throw error("Function arguments are not supported: \(name)(…) must be called with no arguments")
        }
        index += 1
        guard let function = JSONPathFunction(rawValue: name) else {
            let known = JSONPathFunction.allCases.map { $0.rawValue + "()" }.joined(separator: ", ")
            throw error("Unknown function \(name)(); supported functions are \(known)", at: start)
        }
        return function
    }

    // MARK: Brackets

    /// `[...]`: a filter, `*`, quoted names, indices or a slice.
    mutating func parseBracket() throws -> Selector {
        let open = index
        index += 1
        skipWhitespace()
        let selector: Selector
        switch peek {
        case "?"?:
            index += 1
            skipWhitespace()
            guard peek == "(" else { throw error("A filter must be written as [?( … )]") }
            selector = .filter(try parseFilterOr())
        case "*"?:
            index += 1
            selector = .wildcard
        case "'"?, "\""?:
            selector = .names(try parseNameList())
        case let c? where c.isASCII && (c.isNumber || c == "-" || c == ":"):
            selector = try parseIndexOrSlice()
        case nil:
            throw error("Missing ']' to close the '[' at position \(open)")
        case let c?:
            throw error("Unexpected character '\(c)' after '[': expected ?, a quoted name, an index, a slice or *")
        }
        skipWhitespace()
        guard peek == "]" else {
            if let c = peek { throw error("Expected ']' but found '\(c)'") }
            throw error("Missing ']' to close the '[' at position \(open)")
        }
        index += 1
        return selector
    }

    /// `'a'`, `'a', "b"`
    mutating func parseNameList() throws -> [String] {
        var names: [String] = []
        while true {
            guard let quote = peek, quote == "'" || quote == "\"" else {
                throw error("Expected a quoted property name")
            }
            names.append(try readQuotedString())
            skipWhitespace()
            guard peek == "," else { return names }
            index += 1
            skipWhitespace()
        }
    }

    /// `0`, `-1`, `0, 2`, `1:3`, `:2`, `-2:`
    mutating func parseIndexOrSlice() throws -> Selector {
        let start = index
        let first = try readOptionalInteger()
        skipWhitespace()
        if peek == ":" {
            index += 1
            skipWhitespace()
            let last = try readOptionalInteger()
            skipWhitespace()
            if peek == ":" { throw error("Slice steps ([start:end:step]) are not supported") }
            return .slice(start: first, end: last)
        }
        guard let first else { throw error("Expected an array index", at: start) }
        var indices = [first]
        while peek == "," {
            index += 1
            skipWhitespace()
            guard let next = try readOptionalInteger() else { throw error("Expected an array index after ','") }
            indices.append(next)
            skipWhitespace()
        }
        return .indices(indices)
    }

    mutating func readOptionalInteger() throws -> Int? {
        let start = index
        if peek == "-" { index += 1 }
        while let c = peek, c.isASCII, c.isNumber { index += 1 }
        guard index > start else { return nil }
        let text = String(characters[start..<index])
        guard text != "-" else { throw error("Expected digits after '-'", at: start) }
        guard let value = Int(text) else { throw error("The array index \(text) is out of range", at: start) }
        return value
    }
}
