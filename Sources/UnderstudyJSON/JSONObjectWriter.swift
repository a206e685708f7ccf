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

    /// Most strings need no escape at all: one scan of the raw bytes, one copy. The rest go
    /// through ``JSONWriter``'s own escaping, so the two never disagree.
    private mutating func appendQuoted(_ string: String) {
        var string = string
        let plain = string.withUTF8 { utf8 in
            !utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        guard plain else {
            var quoted = ""
            JSONWriter.writeString(string, into: &quoted)
            bytes.append(contentsOf: quoted.utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        string.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }
}
