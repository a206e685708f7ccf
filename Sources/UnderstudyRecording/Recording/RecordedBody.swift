import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Decides whether a body is text, and reads it as JSON when it is JSON.
enum RecordedBody {
    /// Valid UTF-8 with a textual (or no) media type and no content coding.
    static func isText(_ data: Data, contentType: String?, contentEncoding: String?) -> Bool {
        if let coding = contentEncoding?.lowercased(), coding != "identity" { return false }
        guard String(validating: data, as: UTF8.self) != nil else { return false }
        guard let type = contentType?.lowercased() else { return !data.contains(0) }
        return type.hasPrefix("text/") || type.contains("json") || type.contains("xml") || type.contains("javascript")
            || type.contains("x-www-form-urlencoded") || type.contains("graphql")
    }

    static func isJSON(contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type.contains("json")
    }

    static func isForm(contentType: String?) -> Bool {
        contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
    }

    static func isXML(contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type.contains("xml")
    }

    /// The body parsed as JSON when the media type says JSON or the text looks like an object or array.
    static func json(_ data: Data, contentType: String?) -> JSONValue? {
        let first = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        guard isJSON(contentType: contentType) || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            return nil
        }
        return try? JSONParser.parse(data)
    }
}
