import UnderstudyJSON

/// One field of a form or multipart body read as the JSON value its property's schema describes,
/// so the body's schema can check the whole object as it checks a JSON body.
enum BodyField {
    /// Every property a body schema names, following `$ref`s and taking in the properties of its
    /// `allOf`, `oneOf` and `anyOf` parts (the first declaration of a name wins), a few levels deep.
    static func properties(of schema: JSONValue?, in document: JSONValue, depth: Int = 0) -> JSONObject {
        guard let schema, depth < 8 else { return JSONObject() }
        let resolved = ObjectParameter.resolved(schema, in: document)
        var result = resolved["properties"]?.objectValue ?? JSONObject()
        for keyword in ["allOf", "oneOf", "anyOf"] {
            for part in resolved[keyword]?.arrayValue ?? [] {
                for member in properties(of: part, in: document, depth: depth + 1) where result[member.key] == nil {
                    result[member.key] = member.value
                }
            }
        }
        return result
    }

    /// The values sent under one name as its property's type: JSON when the field's encoding (or,
    /// for an object, the default encoding) says JSON, an array for an array property, else the
    /// last value read as the property's scalar type. Text that does not read as the type stays a
    /// string, and the schema then says what is wrong.
    static func value(_ texts: [String], property: JSONValue?, contentType: String?, document: JSONValue) -> JSONValue {
        let schema = ObjectParameter.resolved(property ?? .object(JSONObject()), in: document)
        let type = ParameterValue.primaryType(schema)
        if let contentType, declaresJSON(contentType) {
            let values = texts.map(json)
            return type == "array" ? .array(values) : values.last ?? .string("")
        }
        switch type {
        case "array":
            let items = ObjectParameter.resolved(schema["items"] ?? .object(JSONObject()), in: document)
            let itemType = ParameterValue.primaryType(items)
            return .array(texts.map { itemType == "object" ? json($0) : ParameterValue.scalar($0, type: itemType) })
        case "object":
            // OpenAPI's default encoding for an object field is application/json.
            return json(texts.last ?? "")
        case let type:
            return ParameterValue.scalar(texts.last ?? "", type: type)
        }
    }

    /// Whether an `encoding.contentType` (one media type or a comma-separated list) names JSON.
    static func declaresJSON(_ contentType: String) -> Bool {
        contentType.split(separator: ",").contains { item in
            let type = MediaTypeName.essence(String(item))
            return type != "*/*" && MediaRule.isJSON(type)
        }
    }

    /// `text` parsed as JSON, or the text itself when it is not JSON.
    private static func json(_ text: String) -> JSONValue {
        (try? JSONParser.parse(text)) ?? .string(text)
    }
}
