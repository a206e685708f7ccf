import UnderstudyJSON

/// A query parameter whose schema is an object, read from the query as its style sends it, each
/// property's text read as that property's type:
/// - `deepObject`: `filter[color]=red&filter[size]=M` (nested brackets make nested objects);
/// - `form` exploded (the default): each property is a parameter of its own, `color=red&size=M`;
/// - `form` not exploded: `filter=color,red,size,M`.
enum ObjectParameter {
    /// The object, or nil when the query sends none of it; a malformed deepObject key is a problem.
    static func json(
        _ rule: ParameterRule, query: [(name: String, values: [String])], document: JSONValue
    ) -> (value: JSONValue?, problems: [String]) {
        let schema = resolved(rule.schema ?? .object(JSONObject()), in: document)
        switch (rule.style, rule.explode) {
        case ("deepObject", _):
            return deepObject(rule.name, query: query, schema: schema, document: document)
        case ("form", true):
            let properties = schema["properties"]?.objectValue ?? JSONObject()
            var object = JSONObject()
            for parameter in query {
                guard let property = properties[parameter.name] else { continue }
                object[parameter.name] = typed(parameter.values, schema: property, document: document)
            }
            guard !object.isEmpty else { return (JSONValue?.none, []) }
            return (.object(object), [])
        default:
            guard let text = query.first(where: { $0.name == rule.name })?.values.last else {
                return (JSONValue?.none, [])
            }
            let parts = text.isEmpty ? [] : text.components(separatedBy: ",")
            guard parts.count.isMultiple(of: 2) else {
                return (.string(text), ["\"\(text)\" is not a list of name,value pairs"])
            }
            var object = JSONObject()
            for index in stride(from: 0, to: parts.count, by: 2) {
                let property = schema["properties"]?[parts[index]] ?? .object(JSONObject())
                object[parts[index]] = typed([parts[index + 1]], schema: property, document: document)
            }
            return (.object(object), [])
        }
    }

    static func deepObject(
        _ name: String, query: [(name: String, values: [String])], schema: JSONValue, document: JSONValue
    ) -> (value: JSONValue?, problems: [String]) {
        var object: JSONValue = .object(JSONObject())
        var problems: [String] = []
        var found = false
        for parameter in query {
            if parameter.name == name {
                // The name alone is not the object it should be; let the schema say so.
                return (.string(parameter.values.last ?? ""), [])
            }
            guard parameter.name.hasPrefix(name + "[") else { continue }
            found = true
            guard let keys = keys(String(parameter.name.dropFirst(name.count))) else {
                problems.append("\"\(parameter.name)\" is not of the form \(name)[property]")
                continue
            }
            insert(parameter.values, at: keys[...], into: &object, schema: schema, document: document)
        }
        // JSONValue takes `nil` as null, so the absent case is spelled out.
        guard found else { return (JSONValue?.none, problems) }
        return (object, problems)
    }

    /// `[a][b]` as `["a", "b"]`; nil unless it is one or more bracketed, non-empty names.
    static func keys(_ text: String) -> [String]? {
        var keys: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let key = rest[rest.index(after: rest.startIndex)..<close]
            guard !key.isEmpty, !key.contains("[") else { return nil }
            keys.append(String(key))
            rest = rest[rest.index(after: close)...]
        }
        return keys.isEmpty ? nil : keys
    }

    private static func insert(
        _ values: [String], at keys: ArraySlice<String>, into target: inout JSONValue, schema: JSONValue,
        document: JSONValue
    ) {
        guard let key = keys.first, case .object(var object) = target else { return }
        let property = resolved(schema["properties"]?[key] ?? .object(JSONObject()), in: document)
        if keys.count == 1 {
            object[key] = typed(values, schema: property, document: document)
        } else {
            var child = object[key] ?? .object(JSONObject())
            if case .object = child {} else { child = .object(JSONObject()) }
            insert(values, at: keys.dropFirst(), into: &child, schema: property, document: document)
            object[key] = child
        }
        target = .object(object)
    }

    /// A property's text as its type: an array of every value for an array, else the last value.
    private static func typed(_ values: [String], schema: JSONValue, document: JSONValue) -> JSONValue {
        let property = resolved(schema, in: document)
        if ParameterValue.primaryType(property) == "array" {
            let items = resolved(property["items"] ?? .object(JSONObject()), in: document)
            return .array(values.map { ParameterValue.scalar($0, type: ParameterValue.primaryType(items)) })
        }
        return ParameterValue.scalar(values.last ?? "", type: ParameterValue.primaryType(property))
    }

    /// `schema` with its `$ref` chain followed (a bounded number of hops).
    static func resolved(_ schema: JSONValue, in document: JSONValue) -> JSONValue {
        SpecPointer.followingReferences(schema, in: document)
    }
}
