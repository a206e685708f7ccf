import UnderstudyJSON

/// The JSON Schema types a schema allows, for reasoning about what could satisfy it.
enum SchemaTypes {
    /// Every type, in the order contradictions are reported.
    static let order = ["null", "boolean", "object", "array", "string", "number", "integer"]

    /// The types `type` allows (every type when it names none); `number` includes `integer`.
    static func declared(_ object: JSONObject) -> Set<String> {
        let names: [String]
        switch object["type"] {
        case .string(let name): names = [name]
        case .array(let list): names = list.compactMap(\.stringValue)
        default: return Set(order)
        }
        var types = Set(names.filter(order.contains))
        if types.contains("number") { types.insert("integer") }
        return types
    }

    static func declared(_ schema: JSONValue) -> Set<String> {
        guard case .object(let object) = schema else { return Set(order) }
        return declared(object)
    }

    /// The type of a value, `integer` for a number without a fraction.
    static func of(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number(let number):
            let double = number.doubleValue
            return double.rounded() == double ? "integer" : "number"
        }
    }

    /// Whether a `not` schema admits every value (`{}` or `true`), which makes its owner admit none.
    static func admitsEverything(_ schema: JSONValue) -> Bool {
        switch schema {
        case .bool(true): return true
        case .object(let object): return object.isEmpty
        default: return false
        }
    }
}
