import UnderstudyJSON

/// `jsonMerge`, `jsonRemove` and `jsonArrayAdd` (WireMock 3.10): JSON text in, compact JSON text
/// out, errors written into the output as WireMock writes them.
extension TemplateHelpers {
    static let jsonEdits: [String: TemplateHelper] = [
        "jsonMerge": { call throws(RenderFailure) in
            guard let base = call.param(0), let baseText = jsonText(base) else {
                return HelperInvocation.softError("Base JSON parameter must be a string")
            }
            guard let baseJSON = parse(base, baseText) else {
                return HelperInvocation.softError("Base JSON is not valid JSON ('\(baseText)')")
            }
            guard case .object(let baseObject) = baseJSON else {
                return HelperInvocation.softError("Base JSON is not a JSON object ('\(baseText)')")
            }
            let other: TemplateValue? = call.block != nil ? .string(try call.renderBody()) : call.param(1)
            guard let other, let otherText = jsonText(other) else {
                return HelperInvocation.softError("JSON to merge must be a string")
            }
            guard let otherJSON = parse(other, otherText) else {
                return HelperInvocation.softError("JSON to merge is not valid JSON ('\(otherText)')")
            }
            guard case .object(let otherObject) = otherJSON else {
                return HelperInvocation.softError("JSON to merge is not a JSON object ('\(otherText)')")
            }
            let merged = merge(baseObject, otherObject, removeNulls: call.hashFlag("removeNulls"))
            return .string(JSONWriter.string(.object(merged)))
        },
        "jsonRemove": { call in
            guard let input = call.param(0), let text = jsonText(input) else {
                return HelperInvocation.softError("Input JSON must be a string")
            }
            if text == "null" { return .string(text) }
            guard call.params.count == 2 else {
                return HelperInvocation.softError("A single JSONPath expression parameter must be supplied")
            }
            guard let expression = stringArgument(call.params[1]) else {
                return HelperInvocation.softError("JSONPath parameter must be a string")
            }
            guard let document = parse(input, text) else {
                return HelperInvocation.softError("Input JSON string is not valid JSON ('\(text)')")
            }
            guard !expression.isEmpty, let path = try? JSONPath(expression) else {
                return HelperInvocation.softError(
                    "JSONPath parameter is not a valid JSONPath expression ('\(expression)')")
            }
            // A definite path that finds nothing leaves the input as it was, as Jayway's delete does.
            if path.isDefinite, path.locations(in: document)?.isEmpty == true { return .string(text) }
            guard let result = path.deleting(from: document) else {
                return HelperInvocation.softError(
                    "Delete operation cannot be applied to JSONPath expression ('\(expression)')")
            }
            return .string(JSONWriter.string(result))
        },
        "jsonArrayAdd": { call throws(RenderFailure) in try jsonArrayAdd(call) }
    ]

    private static func jsonArrayAdd(_ call: HelperInvocation) throws(RenderFailure) -> TemplateValue {
        guard let input = call.param(0), let text = jsonText(input) else {
            return HelperInvocation.softError("Base JSON must be a string")
        }
        guard let root = parse(input, text) else {
            return HelperInvocation.softError("Base JSON is not valid JSON ('\(text)')")
        }
        var target: [JSONLocationStep]? = []
        var targetValue: JSONValue? = root
        let jsonPathOption = call.hash("jsonPath")
        if let jsonPathOption {
            guard let expression = stringArgument(jsonPathOption) else {
                return HelperInvocation.softError("jsonPath option must be a string")
            }
            guard !expression.isEmpty, let path = try? JSONPath(expression) else {
                return HelperInvocation.softError("jsonPath option is not valid JSONPath expression ('\(expression)')")
            }
            if path.isDefinite {
                target = path.locations(in: root)?.first
                targetValue = path.evaluate(root).values.first
            } else {
                // Jayway hands back a new list for an indefinite path: adding to it leaves the root alone.
                target = nil
                targetValue = .array(path.evaluate(root).values)
            }
        }
        guard case .array(var items)? = targetValue else {
            let detail = jsonPathOption.map { "root: '\(text)', jsonPath: '\($0.text)'" } ?? "'\(text)'"
            return HelperInvocation.softError("Target JSON is not a JSON array (\(detail))")
        }
        let item: TemplateValue? = call.block != nil ? .string(try call.renderBody()) : call.param(1)
        guard let item, let itemText = jsonText(item) else {
            return HelperInvocation.softError("Item-to-add JSON must be a string")
        }
        guard let toAdd = parse(item, itemText) else {
            return HelperInvocation.softError("Item-to-add JSON is not valid JSON ('\(itemText)')")
        }
        var flatten = false
        if let option = call.hash("flatten") {
            guard case .bool(let flag) = option else {
                return HelperInvocation.softError("flatten option must be a boolean")
            }
            flatten = flag
        }
        if flatten, case .array(let added) = toAdd { items += added } else { items.append(toAdd) }
        if let option = call.hash("maxItems") {
            guard case .int(let maxItems) = option else {
                return HelperInvocation.softError("maxItems option must be an integer")
            }
            guard maxItems >= 0 else { return HelperInvocation.softError("maxItems option integer must be positive") }
            if items.count > maxItems { items.removeFirst(items.count - maxItems) }
        }
        guard let target else { return .string(JSONWriter.string(root)) }
        return .string(JSONWriter.string(JSONPath.updating(root, at: target) { _ in .array(items) }))
    }

    /// The JSON text a helper argument holds: text as written, or JSON values (`parseJson`) written
    /// compactly. Nil for values that are neither (WireMock wants a string).
    static func jsonText(_ value: TemplateValue) -> String? {
        switch value {
        case .string(let s), .safe(let s), .json(.string(let s)): return s
        case .json(let json): return JSONWriter.string(json)
        case .null: return nil
        default: return value.text
        }
    }

    /// Text given as text (a literal, a variable, a JSON string), else nil: WireMock wants a string.
    static func stringArgument(_ value: TemplateValue) -> String? {
        switch value {
        case .string(let s), .safe(let s), .json(.string(let s)): return s
        default: return nil
        }
    }

    /// JSON values (`parseJson`) as they are; anything else parsed from its text.
    static func parse(_ value: TemplateValue, _ text: String) -> JSONValue? {
        if case .json(let json) = value, json.stringValue == nil { return json }
        return try? JSONParser.parse(text)
    }

    /// Members of `other` replace those of `base`; objects on both sides merge, arrays do not.
    private static func merge(_ base: JSONObject, _ other: JSONObject, removeNulls: Bool) -> JSONObject {
        var result = base
        for member in other {
            if case .object(let incoming) = member.value {
                if case .object(let existing)? = result[member.key] {
                    result[member.key] = .object(merge(existing, incoming, removeNulls: removeNulls))
                } else {
                    result[member.key] = member.value
                }
            } else if removeNulls, member.value.isNull {
                result[member.key] = nil
            } else {
                result[member.key] = member.value
            }
        }
        return result
    }
}
