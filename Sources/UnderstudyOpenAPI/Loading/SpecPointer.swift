import UnderstudyJSON

/// JSON pointers (RFC 6901) into a spec document: the JSON Schema validator's own pointer rules
/// (its code where a pointer is percent-encoded, the same rules by hand for the rest), so a `$ref`
/// resolves the same way in the spec and in the schemas compiled from it.
enum SpecPointer {
    /// The reference tokens of `pointer` (`""` is the whole document); nil when it is not a pointer.
    static func tokens(_ pointer: String) -> [String]? {
        // ASCII without `%`: JSONSchemaPointer's byte-level split, the same there as below and faster.
        if !pointer.utf8.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) {
            return JSONSchemaPointer.tokens(fromFragment: pointer)
        }
        // Without `%` there is nothing to percent-decode, and the tokens are unescaped here byte
        // by byte: Foundation's string replacing is slow on Linux, and every schema location asks.
        guard pointer.utf8.contains(UInt8(ascii: "%")) else {
            if pointer.isEmpty { return [] }
            guard pointer.utf8.first == UInt8(ascii: "/") else { return nil }
            return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(unescape)
        }
        return JSONSchemaPointer.tokens(fromFragment: pointer)
    }

    /// A token with `~1` read as `/` and `~0` as `~` (RFC 6901: so `~01` is `~1`); any other `~` stays.
    static func unescape(_ token: Substring) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count)
        var iterator = token.utf8.makeIterator()
        var pending = iterator.next()
        while let byte = pending {
            pending = iterator.next()
            guard byte == UInt8(ascii: "~"), let next = pending, next == UInt8(ascii: "0") || next == UInt8(ascii: "1")
            else {
                bytes.append(byte)
                continue
            }
            bytes.append(next == UInt8(ascii: "0") ? UInt8(ascii: "~") : UInt8(ascii: "/"))
            pending = iterator.next()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A key as one token: `~` as `~0` and `/` as `~1`.
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count + 4)
        for byte in token.utf8 {
            switch byte {
            case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `tokens` written as a pointer.
    static func string(_ tokens: [String]) -> String {
        tokens.map { "/" + escape($0) }.joined()
    }

    /// The value at `pointer` inside `root`.
    static func resolve(_ pointer: String, in root: JSONValue) -> JSONValue? {
        tokens(pointer).flatMap { JSONSchemaPointer.resolve($0, in: root) }
    }

    /// `schema` with its chain of local `$ref`s followed (a bounded number of hops, so a cycle
    /// ends); the last schema reached when a `$ref` does not resolve.
    static func followingReferences(_ schema: JSONValue, in document: JSONValue) -> JSONValue {
        var current = schema
        for _ in 0..<OperationBuilder.maximumReferenceChain {
            guard let target = current["$ref"]?.stringValue, target.hasPrefix("#"),
                let next = resolve(String(target.dropFirst()), in: document)
            else { return current }
            current = next
        }
        return current
    }
}
