import Foundation
import UnderstudyJSON

/// Turns a parameter's text into the JSON value its schema describes, so the schema can check
/// it: `7` for an integer, `true` for a boolean, an array for `a,b` or repeated names. Text that
/// does not read as the type stays a string, and the schema then says what is wrong.
enum ParameterValue {
    static func json(_ values: [String], rule: ParameterRule) -> JSONValue {
        let schema = rule.schema ?? .object(JSONObject())
        switch primaryType(schema) {
        case "array":
            var items: [String]
            if rule.explode && rule.style == "form" {
                items = values
            } else {
                let separator: Character =
                    switch rule.style {
                    case "spaceDelimited": " "
                    case "pipeDelimited": "|"
                    default: ","
                    }
                items = values.flatMap {
                    $0.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
                }
                if values == [""] { items = [] }
            }
            let itemSchema = schema["items"] ?? .object(JSONObject())
            return .array(items.map { scalar($0, type: primaryType(itemSchema)) })
        case let type:
            return scalar(values.last ?? "", type: type)
        }
    }

    static func scalar(_ text: String, type: String?) -> JSONValue {
        switch type {
        case "integer", "number":
            if let value = try? JSONParser.parse(text), case .number = value { return value }
            return .string(text)
        case "boolean":
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
            return .string(text)
        case "null":
            return text.isEmpty ? .null : .string(text)
        default:
            return .string(text)
        }
    }

    /// The schema's type, or the first non-null one of a list; nil when it names none.
    static func primaryType(_ schema: JSONValue) -> String? {
        switch schema["type"] {
        case .string(let type): return type
        case .array(let types): return types.compactMap(\.stringValue).first { $0 != "null" }
        default:
            if schema["items"] != nil { return "array" }
            if schema["properties"] != nil { return "object" }
            return nil
        }
    }
}
