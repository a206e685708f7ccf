import Foundation
import GraphQL
import UnderstudyJSON

/// The schema's answer to introspection, asked once of GraphQLSwift's own executor when the
/// contract is made, with deprecated members included; `MockExecutor` then answers any
/// introspection query by walking it, leaving out deprecated members unless asked.
struct Introspection: Sendable {
    /// The `__schema` object.
    let schema: JSONValue
    private let types: [String: JSONValue]

    init(schema: JSONValue) {
        self.schema = schema
        var types: [String: JSONValue] = [:]
        for type in schema["types"]?.arrayValue ?? [] {
            if let name = type["name"]?.stringValue { types[name] = type }
        }
        self.types = types
    }

    /// Asks GraphQLSwift for the whole description of `schema`.
    static func make(_ schema: GraphQLSchema) async throws -> Introspection {
        let result = try await graphql(schema: schema, request: query)
        if let error = result.errors.first {
            throw GraphQLSchemaError(file: nil, reason: "introspection failed: \(error.message)")
        }
        let data = try JSONEncoder().encode(result)
        let json = try JSONParser.parse(data)
        return Introspection(schema: json["data"]?["__schema"] ?? .null)
    }

    /// A named type's full description.
    func type(named name: String) -> JSONValue? { types[name] }

    /// The member `name` of an introspection object. A type reached through a field's `type`
    /// carries only its name and wrappers; asked for more, it is looked up by its name.
    func member(_ name: String, of source: JSONValue, parentType: String, includeDeprecated: Bool) -> JSONValue {
        var value = source[name]
        if value == nil, parentType == "__Type", let typeName = source["name"]?.stringValue {
            value = types[typeName]?[name]
        }
        if value == nil, name == "isDeprecated" {
            value = .bool(!(source["deprecationReason"] ?? .null).isNull)
        }
        guard let value else { return .null }
        if !includeDeprecated, Self.filtered.contains(name), let items = value.arrayValue {
            return .array(items.filter { ($0["deprecationReason"] ?? .null).isNull })
        }
        return value
    }

    /// The members that take `includeDeprecated` and leave deprecated items out by default.
    private static let filtered: Set<String> = ["fields", "enumValues", "args", "inputFields"]

    private static let typeRef = (0..<8).reduce("kind name") { inner, _ in "kind name ofType { \(inner) }" }

    // GraphQLSwift 4.3 answers null for `__InputValue.isDeprecated` (non-null), which fails the
    // whole query; it is left out and read from `deprecationReason` instead (`member`).
    private static let inputValue = "name description type { \(typeRef) } defaultValue deprecationReason"

    static let query = """
        query {
          __schema {
            description
            queryType { name } mutationType { name } subscriptionType { name }
            types {
              kind name description specifiedByURL
              fields(includeDeprecated: true) {
                name description isDeprecated deprecationReason
                args(includeDeprecated: true) { \(inputValue) }
                type { \(typeRef) }
              }
              inputFields(includeDeprecated: true) { \(inputValue) }
              interfaces { \(typeRef) }
              enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
              possibleTypes { \(typeRef) }
            }
            directives { name description isRepeatable locations args(includeDeprecated: true) { \(inputValue) } }
          }
        }
        """
}
