import Foundation
import UnderstudyJSON

/// Makes a value that satisfies a schema, the same every time for the same schema: what a spec
/// answers with when it gives no example. It follows `$ref`s within the document, takes an
/// `example`, `default`, `const` or first `enum` value where the schema has one, and stops a
/// recursive schema at ``maximumDepth`` (an optional property is left out there; a required
/// one gets the smallest value of its type).
struct ExampleGenerator {
    /// How deep objects and arrays nest in a generated value.
    static let maximumDepth = 8

    let document: JSONValue

    func value(for schema: JSONValue) -> JSONValue {
        value(for: schema, depth: 0)
    }

    private func value(for schema: JSONValue, depth: Int) -> JSONValue {
        let schema = resolved(schema)
        guard case .object(let object) = schema else { return .null }
        if let example = object["example"] { return example }
        if let examples = object["examples"]?.arrayValue, let first = examples.first { return first }
        if let constant = object["const"] { return constant }
        if let allowed = object["enum"]?.arrayValue, let first = allowed.first(where: { !$0.isNull }) ?? allowed.first {
            return first
        }
        if let fallback = object["default"] { return fallback }
        if let parts = object["allOf"]?.arrayValue {
            // Objects merge; anything else takes the first part's value.
            var merged = JSONObject()
            var other: JSONValue?
            for part in parts {
                switch value(for: part, depth: depth) {
                case .object(let members): for member in members { merged[member.key] = member.value }
                case let value: other = other ?? value
                }
            }
            if let own = ownObject(object, depth: depth) { for member in own { merged[member.key] = member.value } }
            return merged.isEmpty ? (other ?? .object(merged)) : .object(merged)
        }
        for keyword in ["oneOf", "anyOf"] {
            if let branches = object[keyword]?.arrayValue, let first = branches.first {
                // A branch of type null only when there is no other.
                let branch =
                    branches.first { ParameterValue.primaryType(resolved($0)) != nil && !isNullOnly($0) } ?? first
                return value(for: branch, depth: depth)
            }
        }
        switch ParameterValue.primaryType(schema) {
        case "object": return ownObject(object, depth: depth).map(JSONValue.object) ?? .object(JSONObject())
        case "array": return array(object, depth: depth)
        case "string": return string(object)
        case "integer": return number(object, integer: true)
        case "number": return number(object, integer: false)
        case "boolean": return .bool(true)
        case "null": return .null
        default:
            if case .array(let types) = object["type"], types.contains("null") { return .null }
            return .object(JSONObject())
        }
    }

    private func ownObject(_ object: JSONObject, depth: Int) -> JSONObject? {
        guard let properties = object["properties"]?.objectValue else {
            return ParameterValue.primaryType(.object(object)) == "object" ? JSONObject() : nil
        }
        let required = Set(object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var result = JSONObject()
        for property in properties {
            let isRequired = required.contains(property.key)
            if depth >= Self.maximumDepth && !isRequired { continue }
            // Generated values are responses: a write-only property is not sent back.
            if !isRequired, resolved(property.value)["writeOnly"] == .bool(true) { continue }
            result[property.key] =
                depth >= Self.maximumDepth ? smallest(property.value) : value(for: property.value, depth: depth + 1)
        }
        return result
    }

    private func array(_ object: JSONObject, depth: Int) -> JSONValue {
        let minimum = object["minItems"]?.numberValue?.intValue ?? 0
        guard depth < Self.maximumDepth, let items = object["items"] else {
            return .array(Array(repeating: .null, count: minimum))
        }
        let item = value(for: items, depth: depth + 1)
        return .array(Array(repeating: item, count: max(1, minimum)))
    }

    private func string(_ object: JSONObject) -> JSONValue {
        var text: String
        switch object["format"]?.stringValue {
        case "date-time": text = "2024-01-01T00:00:00Z"
        case "date": text = "2024-01-01"
        case "time": text = "00:00:00Z"
        case "email": text = "user@example.com"
        case "uuid": text = "00000000-0000-4000-8000-000000000000"
        case "uri", "url": text = "https://example.com/"
        case "ipv4": text = "192.0.2.1"
        case "ipv6": text = "2001:db8::1"
        case "byte": text = "AAAA"
        default: text = "string"
        }
        if let minimum = object["minLength"]?.numberValue?.intValue, text.count < minimum {
            text += String(repeating: "x", count: minimum - text.count)
        }
        if let maximum = object["maxLength"]?.numberValue?.intValue, text.count > maximum {
            text = String(text.prefix(maximum))
        }
        return .string(text)
    }

    private func number(_ object: JSONObject, integer: Bool) -> JSONValue {
        var value = 0.0
        if let minimum = object["minimum"]?.numberValue?.doubleValue {
            value = minimum
            if object["exclusiveMinimum"] == .bool(true) { value += 1 }
        } else if let exclusive = object["exclusiveMinimum"]?.numberValue?.doubleValue {
            value = exclusive + 1
        }
        if let maximum = object["maximum"]?.numberValue?.doubleValue, value > maximum { value = maximum }
        if let exclusive = object["exclusiveMaximum"]?.numberValue?.doubleValue, value >= exclusive {
            value = exclusive - 1
        }
        if let step = object["multipleOf"]?.numberValue?.doubleValue, step > 0 {
            value = (value / step).rounded(.up) * step
        }
        return integer ? .int(Int(value.rounded(.up))) : .double(value)
    }

    /// The smallest value of a schema's type, for a required property past the depth limit.
    private func smallest(_ schema: JSONValue) -> JSONValue {
        switch ParameterValue.primaryType(resolved(schema)) {
        case "object": return .object(JSONObject())
        case "array": return .array([])
        case "string": return string(resolved(schema).objectValue ?? JSONObject())
        case "integer", "number": return .int(0)
        case "boolean": return .bool(false)
        default: return .null
        }
    }

    private func isNullOnly(_ schema: JSONValue) -> Bool {
        resolved(schema)["type"] == "null"
    }

    /// `schema` with its `$ref` chain followed (a bounded number of hops).
    func resolved(_ schema: JSONValue) -> JSONValue {
        var current = schema
        for _ in 0..<OperationBuilder.maximumReferenceChain {
            guard let target = current["$ref"]?.stringValue, target.hasPrefix("#"),
                let next = SpecPointer.resolve(String(target.dropFirst()), in: document)
            else { return current }
            current = next
        }
        return current
    }
}
