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
    static func unescape(_ token: Substring) -> String { JSONSchemaPointer.unescapeBytes(token) }

    /// A key as one token: `~` as `~0` and `/` as `~1`, byte by byte.
    static func escape(_ token: String) -> String { JSONSchemaPointer.escapeBytes(token) }

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
