/// A schema that cannot be used: not an object or boolean, a keyword with the wrong type,
/// a `pattern` that is not a regular expression, or a `$ref` that points nowhere.
public struct JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and where in the schema, e.g. `at #/properties/a: "minLength" must be a non-negative integer`.
    public let message: String

    /// An error with this message.
    public init(message: String) { self.message = message }

    public var description: String { message }
}

/// One reason an instance does not satisfy a schema.
public struct JSONSchemaViolation: Sendable, Equatable, CustomStringConvertible {
    /// A JSON Pointer (RFC 6901) to the offending part of the instance; `""` is the whole document.
    public let instancePointer: String
    /// The schema keyword that failed, e.g. `required` or `maximum`.
    public let keyword: String
    /// A sentence for people reading a near-miss report.
    public let message: String

    /// A violation at this pointer in the instance, of this keyword.
    public init(instancePointer: String, keyword: String, message: String) {
        self.instancePointer = instancePointer
        self.keyword = keyword
        self.message = message
    }

    public var description: String {
        "\(instancePointer.isEmpty ? "(root)" : instancePointer): \(keyword): \(message)"
    }
}
