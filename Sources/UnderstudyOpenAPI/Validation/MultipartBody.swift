import Foundation
import UnderstudyCore
import UnderstudyJSON

/// A multipart body as the JSON object its schema describes: each named part is the property of
/// that name, read as JSON when the part (or its `encoding`) says JSON or the property is an
/// object, as text of the property's type otherwise; parts sent more than once under one name
/// make an array. A file part is its bytes as text, which a `format: binary` string accepts.
enum MultipartBody {
    static func json(_ parts: [MultipartPart], media: MediaRule, document: JSONValue) -> JSONValue {
        let properties = BodyField.properties(of: media.schema, in: document)
        var names: [String] = []
        var texts: [String: [String]] = [:]
        var types: [String: String] = [:]
        for part in parts {
            guard let name = part.name else { continue }
            if texts[name] == nil { names.append(name) }
            texts[name, default: []].append(String(decoding: part.body, as: UTF8.self))
            if let type = part.headers.first("Content-Type") { types[name] = type.lowercased() }
        }
        var object = JSONObject()
        for name in names {
            object[name] = BodyField.value(
                texts[name] ?? [], property: properties[name], contentType: types[name] ?? media.encoding[name],
                document: document)
        }
        return .object(object)
    }
}
