import Foundation
import UnderstudyJSON

/// Turns a parameter's text into the JSON value its schema describes, so the schema can check
/// it: `7` for an integer, `true` for a boolean, an array for `a,b` or repeated names. Text that
/// does not read as the type stays a string, and the schema then says what is wrong.
enum ParameterValue {
    /// - Parameter encoded: whether `values` are still percent-encoded, as sent: a delimited array
    ///   is then split on the delimiters as sent, and each item decoded after.
    static func json(_ values: [String], rule: ParameterRule, encoded: Bool = false) -> JSONValue {
        let schema = rule.schema ?? .object(JSONObject())
        switch primaryType(schema) {
        case "array":
            var items: [String]
            if rule.explode && rule.style == "form" {
                items = values
            } else {
                let delimiters: [String] =
                    switch rule.style {
                    case "spaceDelimited": encoded ? ["%20", "+"] : [" "]
                    case "pipeDelimited": encoded ? ["|", "%7C", "%7c"] : ["|"]
                    default: [","]
                    }
                items = values.flatMap { value in
                    delimiters.reduce([value]) { parts, delimiter in
                        parts.flatMap { $0.components(separatedBy: delimiter) }
                    }
                }
                if values == [""] { items = [] }
                if encoded { items = items.map(RawQuery.decode) }
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
