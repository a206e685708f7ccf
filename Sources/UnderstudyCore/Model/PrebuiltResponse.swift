import Foundation
import UnderstudyJSON

/// The parts of a stub's response that are the same on every request, worked out once per stub
/// (when the stub is made or changed) rather than once per request: its headers with
/// `Matched-Stub-Id` and `Matched-Stub-Name`, its body bytes unless they come from a file, and
/// what serving it needs apart from templating and global settings.
struct PrebuiltResponse: Sendable {
    var headers: HeaderFields
    /// Nil for a `bodyFileName` body, which is read when served.
    var body: Data?
    /// What the response needs on its own (see ``ResponseNeeds/init(of:)``).
    var needs: ResponseNeeds

    init(id: UUID, name: String?, response definition: ResponseDefinition) {
        headers = Self.headers(of: definition)
        headers.add("Matched-Stub-Id", id.lowercasedString)
        if let name { headers.add("Matched-Stub-Name", name) }
        body = Self.bytes(of: definition.body)
        needs = ResponseNeeds(of: definition)
    }

    /// An inline body's bytes; nil for a `bodyFileName` body, which is read when served.
    static func bytes(of body: ResponseBody?) -> Data? {
        switch body {
        case .text(let text): return Data(text.utf8)
        case .json(let json): return JSONWriter.data(json)
        case .binary(let data): return data
        case .file: return nil
        case nil: return Data()
        }
    }

    /// A definition's headers, each value on its own line as it goes on the wire; an event stream
    /// gets `Content-Type: text/event-stream` and `Cache-Control: no-cache` unless it sets them.
    static func headers(of definition: ResponseDefinition) -> HeaderFields {
        var headers = HeaderFields()
        for header in definition.headers {
            for value in header.values { headers.add(header.name, value) }
        }
        if definition.serverSentEvents != nil {
            if headers.first("Content-Type") == nil { headers.add("Content-Type", "text/event-stream") }
            if headers.first("Cache-Control") == nil { headers.add("Cache-Control", "no-cache") }
        }
        return headers
    }
}
