import Foundation
import UnderstudyJSON

/// Makes a value that satisfies a schema: what a spec answers with when it gives no example.
/// It follows `$ref`s within the document, takes an `example`, `default`, `const` or first
/// `enum` value where the schema has one, sets a `discriminator`'s property to the value that
/// selects the branch it generated, leaves write-only properties out (these are responses), and
/// stops a recursive schema at ``maximumDepth`` (an optional property is left out there; a
/// required one gets the smallest value of its type).
///
/// By default the value is the same every time for the same schema. When `dynamic` (the
/// request said `Prefer: dynamic=true`), schema examples and defaults are passed over and values
/// are drawn at random within the schema's bounds, so each answer differs.
struct ExampleGenerator {
    /// How deep objects and arrays nest in a generated value.
    static let maximumDepth = 8

    let document: JSONValue
    /// Whether values are drawn at random rather than fixed.
    var dynamic = false
    /// Whether a schema's own `example`, `examples` and `default` are taken. Off for a second try
    /// when a spec's examples break its own schema.
    var usesExamples = true

    func value(for schema: JSONValue) -> JSONValue {
        value(for: schema, depth: 0)
    }

    private func value(for schema: JSONValue, depth: Int) -> JSONValue {
        let schema = resolved(schema)
        guard case .object(let object) = schema else { return .null }
        let takesExamples = usesExamples && !dynamic
        if takesExamples, let example = object["example"] { return example }
        if takesExamples, let examples = object["examples"]?.arrayValue, let first = examples.first { return first }
        if let constant = object["const"] { return constant }
        if let allowed = object["enum"]?.arrayValue, !allowed.isEmpty {
            let values = allowed.contains { !$0.isNull } ? allowed.filter { !$0.isNull } : allowed
            return dynamic ? values.randomElement()! : values[0]
        }
        if takesExamples, let fallback = object["default"] { return fallback }
        if let parts = object["allOf"]?.arrayValue {
            // Objects merge; anything else takes the most constrained part's value.
            var merged = JSONObject()
            var other: (rank: Int, value: JSONValue)?
            var declarations: [String: [JSONValue]] = [:]
            for part in parts {
                for property in resolved(part)["properties"]?.objectValue ?? JSONObject() {
                    declarations[property.key, default: []].append(property.value)
                }
                switch value(for: part, depth: depth) {
                case .object(let members): for member in members { merged[member.key] = member.value }
                case let value:
                    let rank = Self.constraintRank(resolved(part))
                    if other == nil || rank < other!.rank { other = (rank, value) }
                }
            }
            if let own = ownObject(object, depth: depth) { for member in own { merged[member.key] = member.value } }
            // A property several parts declare (often to narrow it) meets all of their schemas; one
            // they declare as different types cannot, and is left out unless a part requires it.
            let required = Set(parts.flatMap { resolved($0)["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] })
            for (key, schemas) in declarations where schemas.count > 1 && merged[key] != nil {
                let types = Set(schemas.map { ParameterValue.primaryType(resolved($0)) ?? "any" })
                if types.count > 1, !required.contains(key) {
                    merged[key] = nil
                } else if depth < Self.maximumDepth {
                    merged[key] = value(for: .object(["allOf": .array(schemas)]), depth: depth + 1)
                }
            }
            // A part that allows no other properties keeps out those only other parts declare.
            for part in parts.map(resolved) where part["additionalProperties"] == .bool(false) {
                let declared = Set(part["properties"]?.objectValue?.keys ?? [])
                for key in merged.keys where !declared.contains(key) { merged[key] = nil }
            }
            return merged.isEmpty ? (other?.value ?? .object(merged)) : .object(merged)
        }
        for keyword in ["oneOf", "anyOf"] {
            if let branches = object[keyword]?.arrayValue, let first = branches.first {
                // A branch of type null only when there is no other.
                let typed = branches.filter { ParameterValue.primaryType(resolved($0)) != nil && !isNullOnly($0) }
                let branch = (dynamic ? typed.randomElement() : typed.first) ?? first
                var generated = value(for: branch, depth: depth)
                // A branch that fixes its own discriminator value (`enum: [track]`) keeps it.
                if let discriminator = object["discriminator"],
                    let property = discriminator["propertyName"]?.stringValue,
                    case .object(var members) = generated,
                    DiscriminatorValue.fixed(property, of: branch, resolving: resolved) == nil,
                    let selector = DiscriminatorValue.selecting(branch, in: discriminator)
                {
                    members[property] = .string(selector)
                    generated = .object(members)
                }
                return generated
            }
        }
        switch ParameterValue.primaryType(schema) {
        case "object": return ownObject(object, depth: depth).map(JSONValue.object) ?? .object(JSONObject())
        case "array": return array(object, depth: depth)
        case "string": return string(object)
        case "integer": return number(object, integer: true)
        case "number": return number(object, integer: false)
        case "boolean": return .bool(dynamic ? Bool.random() : true)
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
            // Generated values are responses: a write-only property is not sent back, even a required one.
            if resolved(property.value)["writeOnly"] == .bool(true) { continue }
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
        guard dynamic else {
            let item = value(for: items, depth: depth + 1)
            return .array(Array(repeating: item, count: max(1, minimum)))
        }
        let lower = max(1, minimum)
        let upper = max(lower, min(object["maxItems"]?.numberValue?.intValue ?? lower + 2, lower + 2))
        var result: [JSONValue] = []
        for _ in 0..<Int.random(in: lower...upper) {
            let item = value(for: items, depth: depth + 1)
            // Unique items stay unique: a repeat drawn at random is dropped.
            if object["uniqueItems"] == .bool(true), result.contains(item) { continue }
            result.append(item)
        }
        return .array(result)
    }

    private func string(_ object: JSONObject) -> JSONValue {
        if let pattern = object["pattern"]?.stringValue, let text = patternString(pattern, object) {
            return .string(text)
        }
        if dynamic { return .string(DynamicValues.string(object)) }
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

    /// A string the pattern matches within the schema's length bounds: the shortest first, then
    /// a few drawn at random (every one, when `dynamic`).
    private func patternString(_ pattern: String, _ object: JSONObject) -> String? {
        let minimum = object["minLength"]?.numberValue?.intValue ?? 0
        let maximum = object["maxLength"]?.numberValue?.intValue ?? Int.max
        for attempt in 0..<16 {
            guard let text = PatternString.make(pattern, random: dynamic || attempt > 0) else { return nil }
            if (minimum...max(minimum, maximum)).contains(text.count) { return text }
        }
        return nil
    }

    private func number(_ object: JSONObject, integer: Bool) -> JSONValue {
        if dynamic { return DynamicValues.number(object, integer: integer) }
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

    /// How narrowly a schema fixes its value, for picking among `allOf` parts: a fixed set of
    /// values first, then a pattern, then a format, then anything of its type.
    private static func constraintRank(_ schema: JSONValue) -> Int {
        if schema["enum"] != nil || schema["const"] != nil { return 0 }
        if schema["pattern"] != nil { return 1 }
        if schema["format"] != nil { return 2 }
        return 3
    }

    private func isNullOnly(_ schema: JSONValue) -> Bool {
        resolved(schema)["type"] == "null"
    }

    /// `schema` with its `$ref` chain followed (a bounded number of hops).
    func resolved(_ schema: JSONValue) -> JSONValue {
        SpecPointer.followingReferences(schema, in: document)
    }
}
