import Foundation

/// A JSON object written member by member straight into UTF-8, for encoders on a hot path: the
/// same compact text as ``JSONWriter`` gives, without building a ``JSONValue`` tree first or
/// growing a `String` piece by piece (a fleet node writes every request it serves this way).
public struct JSONObjectWriter: Sendable {
    /// The UTF-8 so far; ``finish()`` closes it.
    private var bytes: [UInt8]
    private var empty = true

    /// An object with nothing in it yet; `capacity` is a guess at its length in bytes.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// The object's text, closed.
    public consuming func finish() -> String {
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func key(_ key: String) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A string member.
    public mutating func add(_ key: String, _ value: String) {
        self.key(key)
        appendQuoted(value)
    }

    /// A number member.
    public mutating func add(_ key: String, _ value: Int) {
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A `true` or `false` member.
    public mutating func add(_ key: String, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A member whose value is already a ``JSONValue``.
    public mutating func add(_ key: String, _ value: JSONValue) {
        self.key(key)
        var text = ""
        JSONWriter.write(value, into: &text)
        bytes.append(contentsOf: text.utf8)
    }

    /// A member that is an object, written by `build` into this same text (no writer of its
    /// own, so no buffer of its own to allocate).
    public mutating func addObject(_ key: String, _ build: (inout JSONObjectWriter) -> Void) {
        self.key(key)
        bytes.append(UInt8(ascii: "{"))
        empty = true
        build(&self)
        bytes.append(UInt8(ascii: "}"))
        empty = false
    }

    /// Escapes what RFC 8259 requires and nothing more, as ``JSONWriter`` does. Working on UTF-8
    /// bytes is the same as on scalars here: every byte that needs escaping is ASCII, and no byte
    /// of a multi-byte character is below 0x80.
    private mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Most strings need no escape at all: one scan of the raw bytes, one copy.
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 { appendEscaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        let backslash = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [backslash, UInt8(ascii: "\"")])
        case backslash: bytes.append(contentsOf: [backslash, backslash])
        case 0x0A: bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [backslash, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [backslash, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [backslash, UInt8(ascii: "f")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                hex[Int(byte & 0x0F)]
            ])
        default: bytes.append(byte)
        }
    }
}
