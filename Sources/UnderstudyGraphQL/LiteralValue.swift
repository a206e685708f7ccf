import GraphQL
import UnderstudyJSON

/// A value written in an operation, as JSON: literals as they are, variables by their value.
enum LiteralValue {
    static func json(_ value: any Value, variables: [String: JSONValue]) -> JSONValue {
        switch value {
        case let variable as Variable: variables[variable.name.value] ?? .null
        case let int as IntValue: .number(JSONNumber(literal: int.value))
        case let float as FloatValue: .number(JSONNumber(literal: float.value))
        case let string as StringValue: .string(string.value)
        case let bool as BooleanValue: .bool(bool.value)
        case let enumeration as EnumValue: .string(enumeration.value)
        case let list as ListValue: .array(list.values.map { json($0, variables: variables) })
        case let object as ObjectValue:
            .object(
                JSONObject(object.fields.map { .init(key: $0.name.value, value: json($0.value, variables: variables)) })
            )
        default: .null
        }
    }
}
