/// A schema compiled into a flat table of nodes. Subschemas refer to each other by index,
/// so a recursive `$ref` is a cycle of indices rather than an infinite structure.
struct JSONSchemaProgram: Sendable {
    var nodes: [JSONSchemaNode]
    var root: Int
}

/// One (sub)schema: the assertions to check, cheapest first. `true` and `{}` have none.
struct JSONSchemaNode: Sendable {
    var keywords: [JSONSchemaKeyword] = []

    /// The `false` schema, which accepts nothing; reported specially for clearer messages.
    var isFalse: Bool {
        if keywords.count == 1, case .never = keywords[0] { return true }
        return false
    }
}

/// JSON types as the `type` keyword names them. `integer` is a subset of `number`.
struct JSONSchemaTypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = JSONSchemaTypeSet(rawValue: 1)
    static let boolean = JSONSchemaTypeSet(rawValue: 2)
    static let object = JSONSchemaTypeSet(rawValue: 4)
    static let array = JSONSchemaTypeSet(rawValue: 8)
    static let number = JSONSchemaTypeSet(rawValue: 16)
    static let string = JSONSchemaTypeSet(rawValue: 32)
    static let integer = JSONSchemaTypeSet(rawValue: 64)

    static let names: [(String, JSONSchemaTypeSet)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array),
        ("number", .number), ("string", .string), ("integer", .integer)
    ]

    var description: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ", ")
    }
}

/// How an object's members are checked: by name, by name pattern, and the rest.
struct JSONSchemaMemberRules: Sendable {
    var properties: [String: Int] = [:]
    var patterns: [(regex: JSONSchemaRegex, node: Int)] = []
    /// `additionalProperties`: for members matched by neither of the above.
    var additional: Int?
}

/// A compiled keyword, with its arguments already type-checked.
enum JSONSchemaKeyword: Sendable {
    /// The `false` schema.
    case never
    /// `$ref` (and `$recursiveRef` / `$dynamicRef`, resolved statically); the name is kept for messages.
    case reference(Int, keyword: String)
    case type(JSONSchemaTypeSet)
    case enumeration([JSONValue])
    case constant(JSONValue)

    case minimum(JSONNumber, exclusive: Bool, keyword: String)
    case maximum(JSONNumber, exclusive: Bool, keyword: String)
    case multipleOf(JSONNumber)

    case minLength(Int)
    case maxLength(Int)
    case pattern(JSONSchemaRegex)
    /// `format`, compiled only when the validator asserts formats.
    case format(JSONSchemaFormat, name: String)

    /// Tuple schemas for the first items, then one schema for the rest (`restKeyword` names it).
    case items(prefix: [Int], rest: Int?, restKeyword: String)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case contains(Int, min: Int, max: Int?)

    case members(JSONSchemaMemberRules)
    case required([String])
    case propertyNames(Int)
    case minProperties(Int)
    case maxProperties(Int)
    /// `dependentRequired`, or the array form of `dependencies`.
    case dependentRequired([(property: String, required: [String])], keyword: String)
    /// `dependentSchemas`, or the schema form of `dependencies`.
    case dependentSchemas([(property: String, node: Int)], keyword: String)

    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)

    /// OpenAPI's `discriminator` beside `oneOf`/`anyOf`: the property's value picks the one
    /// schema to check, in place of trying every branch.
    case discriminator(property: String, choices: [(value: String, node: Int)])
    /// OpenAPI's `readOnly: true` (not allowed in requests) or `writeOnly: true` (not allowed
    /// in responses), naming the direction the value may not travel.
    case notAllowedIn(JSONSchemaValidator.Direction)
    /// `required` names whose property is readOnly (`.request`) or writeOnly (`.response`):
    /// required except in that direction.
    case requiredExcept([String], JSONSchemaValidator.Direction)
}
