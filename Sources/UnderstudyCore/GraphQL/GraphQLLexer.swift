/// Splits GraphQL source into tokens (spec §2.1): names, numbers, strings (block strings too) and
/// punctuators; white space, line terminators, commas, comments and a byte order mark are ignored.
struct GraphQLLexer {
    enum Token: Equatable {
        case punctuator(String)
        case name(String)
        case int(String)
        case float(String)
        case string(String)
        case end
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// Where the next token starts, as a line and column (1-based), for errors.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// The next token and where it starts.
    mutating func next() throws(GraphQLSyntaxError) -> (token: Token, offset: Int) {
        skipIgnored()
        let start = index
        guard index < bytes.count else { return (.end, start) }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            index += 1
            return (.punctuator(String(UnicodeScalar(byte))), start)
        case UInt8(ascii: "."):
            guard index + 2 < bytes.count, bytes[index + 1] == byte, bytes[index + 2] == byte else {
                throw error("expected '...'", at: start)
            }
            index += 3
            return (.punctuator("..."), start)
        case UInt8(ascii: "\""):
            return (try string(), start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return (try number(), start)
        default:
            guard Self.isNameStart(byte) else {
                throw error("unexpected character '\(String(decoding: [byte], as: UTF8.self))'", at: start)
            }
            while index < bytes.count, Self.isNameContinue(bytes[index]) { index += 1 }
            return (.name(String(decoding: bytes[start..<index], as: UTF8.self)), start)
        }
    }

    private mutating func skipIgnored() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","):
                index += 1
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                    index += 1
                }
            default:
                return
            }
        }
    }

    private mutating func number() throws(GraphQLSyntaxError) -> Token {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw error("a number needs digits", at: start) }
        if index - digitsStart > 1, bytes[digitsStart] == UInt8(ascii: "0") {
            throw error("a number may not start with 0", at: start)
        }
        var isFloat = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isFloat = true
            index += 1
            let fraction = index
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            guard index > fraction else { throw error("a fraction needs digits", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isFloat = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let exponent = index
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            guard index > exponent else { throw error("an exponent needs digits", at: start) }
        }
        if index < bytes.count, Self.isNameStart(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            throw error("a number runs into a name", at: start)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return isFloat ? .float(text) : .int(text)
    }

    private mutating func string() throws(GraphQLSyntaxError) -> Token {
        let start = index
        if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\""), bytes[index + 2] == UInt8(ascii: "\"") {
            return try blockString(start: start)
        }
        index += 1
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return .string(String(decoding: value, as: UTF8.self))
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("a string may not span lines (use a block string)", at: start)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): value.append(escaped)
                case UInt8(ascii: "b"): value.append(8)
                case UInt8(ascii: "f"): value.append(12)
                case UInt8(ascii: "n"): value.append(10)
                case UInt8(ascii: "r"): value.append(13)
                case UInt8(ascii: "t"): value.append(9)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                        let scalar = UnicodeScalar(code)
                    else { throw error("a \\u escape needs four hex digits", at: index - 2) }
                    index += 4
                    value.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw error("unknown escape '\\\(String(decoding: [escaped], as: UTF8.self))'", at: index - 2)
                }
            default:
                value.append(byte)
                index += 1
            }
        }
        throw error("a string is not closed", at: start)
    }

    /// `"""…"""` with the spec's common-indentation removal (§2.9.4), simplified: the raw
    /// lines, least indentation of all but the first removed, blank first and last lines dropped.
    private mutating func blockString(start: Int) throws(GraphQLSyntaxError) -> Token {
        index += 3
        var raw: [UInt8] = []
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\""), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\""),
                bytes[index + 2] == UInt8(ascii: "\"")
            {
                index += 3
                return .string(Self.blockValue(String(decoding: raw, as: UTF8.self)))
            }
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "\""),
                bytes[index + 2] == UInt8(ascii: "\""), bytes[index + 3] == UInt8(ascii: "\"")
            {
                raw.append(contentsOf: Array("\"\"\"".utf8))
                index += 4
                continue
            }
            raw.append(bytes[index])
            index += 1
        }
        throw error("a block string is not closed", at: start)
    }

    static func blockValue(_ raw: String) -> String {
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        let indents = lines.dropFirst().compactMap { line -> Int? in
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            return indent < line.count ? indent : nil
        }
        if let common = indents.min() {
            for i in lines.indices.dropFirst() { lines[i] = String(lines[i].dropFirst(min(common, lines[i].count))) }
        }
        while let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private func error(_ message: String, at offset: Int) -> GraphQLSyntaxError {
        let (line, column) = location(of: offset)
        return GraphQLSyntaxError(message: message, line: line, column: column)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isNameContinue(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) }
}

/// A GraphQL document that cannot be read, with where (1-based line and column, as GraphQL's
/// `locations` give them).
public struct GraphQLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "GraphQL syntax error at \(line):\(column): \(message)" }
}
