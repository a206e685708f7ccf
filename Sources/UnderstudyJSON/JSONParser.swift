import Foundation

/// Where and why a JSON text could not be parsed.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The byte offset of the problem.
    public let offset: Int
    /// Its line, from 1.
    public let line: Int
    /// Its column, from 1.
    public let column: Int

    public var description: String { "\(message) at line \(line), column \(column)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes. Written here rather than using JSONSerialization
/// because the stub engine needs member order, number literals kept as text, exact error
/// positions, and speed (10,000 mapping files must decode in well under a second).
public struct JSONParser {
    /// Nesting deeper than this is refused, so a hostile body cannot exhaust the stack.
    public static let maximumDepth = 512

    /// What a lenient reader takes beyond RFC 8259, as WireMock's Jackson reads mapping files.
    public struct Leniency: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: Int
        /// Options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `// line` and `/* block */` comments wherever whitespace may go (Jackson's ALLOW_COMMENTS).
        public static let comments = Leniency(rawValue: 1)
        /// Anything after the value is ignored, as Jackson does unless told to fail on trailing tokens.
        public static let trailingContent = Leniency(rawValue: 2)
        /// Both: how WireMock 2 and 3 read a mapping file.
        public static let wireMockFiles: Leniency = [.comments, .trailingContent]
    }

    /// Parses UTF-8 JSON, taking what `leniency` allows beyond RFC 8259.
    public static func parse(_ data: Data, allowing leniency: Leniency = []) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> JSONValue in
                var parser = Cursor(bytes: raw.bindMemory(to: UInt8.self))
                parser.leniency = leniency
                return try parser.parseDocument()
            }
        } catch {
            throw asSyntaxError(error)
        }
    }

    /// Parses JSON text strictly.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        do {
            return try text.withUTF8 { (buffer: UnsafeBufferPointer<UInt8>) throws -> JSONValue in
                var parser = Cursor(bytes: buffer)
                return try parser.parseDocument()
            }
        } catch {
            throw asSyntaxError(error)
        }
    }

    // The closures above can only throw untyped errors; the cursor throws nothing else.
    private static func asSyntaxError(_ error: any Error) -> JSONSyntaxError {
        error as? JSONSyntaxError ?? JSONSyntaxError(message: String(describing: error), offset: 0, line: 1, column: 1)
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0
        var leniency: Leniency = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func parseDocument() throws -> JSONValue {
            // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            skipWhitespace()
            guard index < bytes.count else { throw error("Empty document") }
            let value = try parseValue()
            if leniency.contains(.trailingContent) { return value }
            skipWhitespace()
            guard index == bytes.count else { throw error("Unexpected content after the JSON value") }
            return value
        }

        func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
            let position = min(position ?? index, bytes.count)
            var line = 1
            var column = 1
            var i = 0
            while i < position {
                if bytes[i] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if bytes[i] & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            return JSONSyntaxError(message: message, offset: position, line: line, column: column)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                case UInt8(ascii: "/") where leniency.contains(.comments):
                    guard skipComment() else { return }
                default: return
                }
            }
        }

        /// Skips a comment at `index`; false (and nothing skipped) when a `/` starts none. An
        /// unclosed block comment runs to the end, where the parser then reports what is missing.
        mutating func skipComment() -> Bool {
            guard index + 1 < bytes.count else { return false }
            switch bytes[index + 1] {
            case UInt8(ascii: "/"):
                index += 2
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                return true
            case UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, bytes.count)
                return true
            default:
                return false
            }
        }

        mutating func parseValue() throws -> JSONValue {
            guard index < bytes.count else { throw error("Unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try parseObject()
            case UInt8(ascii: "["): return try parseArray()
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default: throw error("Unexpected character '\(printable(bytes[index]))'")
            }
        }

        func printable(_ byte: UInt8) -> String {
            byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
        }

        mutating func expectLiteral(_ literal: StaticString) throws {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw error("Invalid literal") }
            let start = literal.utf8Start
            for offset in 0..<count where bytes[index + offset] != start[offset] {
                throw error("Invalid literal")
            }
            index += count
        }

        mutating func enter() throws {
            depth += 1
            if depth > JSONParser.maximumDepth { throw error("Nesting deeper than \(JSONParser.maximumDepth) levels") }
        }

        mutating func parseObject() throws -> JSONValue {
            try enter()
            defer { depth -= 1 }
            index += 1
            var members: [JSONObject.Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(JSONObject(members))
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("Expected a string key")
                }
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("Expected ':'") }
                index += 1
                skipWhitespace()
                let value = try parseValue()
                members.append(JSONObject.Member(key: key, value: value))
                skipWhitespace()
                guard index < bytes.count else { throw error("Unterminated object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(JSONObject(members))
                }
                throw error("Expected ',' or '}'")
            }
        }

        mutating func parseArray() throws -> JSONValue {
            try enter()
            defer { depth -= 1 }
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try parseValue())
                skipWhitespace()
                guard index < bytes.count else { throw error("Unterminated array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
                throw error("Expected ',' or ']'")
            }
        }

        mutating func parseNumber() throws -> JSONNumber {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("Invalid number") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw error("Leading zeros are not allowed") }
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("Expected a digit after '.'") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("Expected an exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            return JSONNumber(
                literal: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        mutating func parseString() throws -> String {
            let quote = index
            index += 1
            let start = index
            // Fast path: no escapes, so the bytes are the string.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = try validatedString(start..<index)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw error("Unescaped control character in string") }
                index += 1
            }
            guard index < bytes.count else { throw error("Unterminated string", at: quote) }
            var scratch = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    guard let text = String(validating: scratch, as: UTF8.self) else {
                        throw error("Invalid UTF-8 in string", at: quote)
                    }
                    return text
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw error("Unterminated escape") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""): scratch.append(0x22)
                    case UInt8(ascii: "\\"): scratch.append(0x5C)
                    case UInt8(ascii: "/"): scratch.append(0x2F)
                    case UInt8(ascii: "b"): scratch.append(0x08)
                    case UInt8(ascii: "f"): scratch.append(0x0C)
                    case UInt8(ascii: "n"): scratch.append(0x0A)
                    case UInt8(ascii: "r"): scratch.append(0x0D)
                    case UInt8(ascii: "t"): scratch.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try parseHex4()
                        if (0xD800...0xDBFF).contains(scalar) {
                            // A high surrogate must be followed by an escaped low surrogate.
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                                bytes[index + 1] == UInt8(ascii: "u")
                            else { throw error("Unpaired surrogate in \\u escape") }
                            index += 2
                            let low = try parseHex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("Invalid low surrogate") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(scalar) {
                            throw error("Unpaired surrogate in \\u escape")
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw error("Invalid \\u escape") }
                        scratch.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default:
                        throw error("Invalid escape '\\\(printable(escaped))'")
                    }
                default:
                    if byte < 0x20 { throw error("Unescaped control character in string") }
                    scratch.append(byte)
                    index += 1
                }
            }
            throw error("Unterminated string", at: quote)
        }

        mutating func parseHex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("Incomplete \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("Invalid hex digit in \\u escape")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        func validatedString(_ range: Range<Int>) throws -> String {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw error("Invalid UTF-8 in string", at: range.lowerBound)
            }
            return text
        }
    }
}
