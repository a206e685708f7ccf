import UnderstudyJSON

/// A form-urlencoded body as the JSON object its schema describes: each field read as its
/// property's type (``BodyField``), and `name[key]=value` fields gathered into the object
/// property `name` as `deepObject` sends them.
enum FormBody {
    static func json(_ fields: [(name: String, values: [String])], media: MediaRule, document: JSONValue) -> JSONValue {
        let properties = BodyField.properties(of: media.schema, in: document)
        var object = JSONObject()
        var nested: [String: [(name: String, values: [String])]] = [:]
        for field in fields {
            if properties[field.name] == nil, let bracket = field.name.firstIndex(of: "["),
                bracket > field.name.startIndex, properties[String(field.name[..<bracket])] != nil
            {
                nested[String(field.name[..<bracket]), default: []].append(field)
                continue
            }
            object[field.name] = BodyField.value(
                field.values, property: properties[field.name], contentType: media.encoding[field.name],
                document: document)
        }
        for (name, fields) in nested where object[name] == nil {
            let schema = ObjectParameter.resolved(properties[name] ?? .object(JSONObject()), in: document)
            if let value = ObjectParameter.deepObject(name, query: fields, schema: schema, document: document).value {
                object[name] = value
            }
        }
        return .object(object)
    }
}
