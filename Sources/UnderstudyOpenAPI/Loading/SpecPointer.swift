import UnderstudyJSON

/// JSON pointers (RFC 6901) into a spec document: the JSON Schema validator's own pointer rules,
/// so a `$ref` resolves the same way in the spec and in the schemas compiled from it.
enum SpecPointer {
    /// The reference tokens of `pointer` (`""` is the whole document); nil when it is not a pointer.
    static func tokens(_ pointer: String) -> [String]? {
        JSONSchemaPointer.tokens(fromFragment: pointer)
    }

    /// `tokens` written as a pointer.
    static func string(_ tokens: [String]) -> String {
        JSONSchemaPointer.string(tokens)
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
