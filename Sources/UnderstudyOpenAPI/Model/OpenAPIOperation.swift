import Foundation
import UnderstudyJSON

/// One operation of a spec (a method on a path), with its rules compiled for checking requests
/// and responses and for answering from the spec.
public struct OpenAPIOperation: Sendable {
    /// The method, upper-case.
    public let method: String
    /// The path template as the spec writes it, e.g. `/pets/{petId}`.
    public let pathTemplate: String
    /// Where the operation is in the spec, as a JSON pointer (`/paths/~1pets/get`).
    public let specPointer: String
    /// The file the spec was loaded from.
    public let file: String
    let parameters: [ParameterRule]
    let body: RequestBodyRule?
    /// Documented responses in the spec's order: `200`, `2XX`, `default`.
    let responses: [ResponseRule]
    /// The credentials the operation requires (its own `security`, or the document's); nil for none.
    let security: SecurityRule?

    /// The documented status keys in the spec's order.
    public var documentedStatuses: [String] { responses.map(\.status) }
}

/// Where a parameter is sent.
enum ParameterLocation: String, Sendable {
    case path
    case query
    case header
    case cookie
}

/// A documented parameter.
struct ParameterRule: Sendable {
    let name: String
    let location: ParameterLocation
    let required: Bool
    /// `form` for query and cookie, `simple` for path and header unless the spec says otherwise.
    let style: String
    let explode: Bool
    /// The schema after `$ref`s, to read the value's type from; nil when the spec gives none.
    let schema: JSONValue?
    /// The compiled schema, an index into the spec's validators.
    let schemaIndex: Int?
    /// Where the parameter is defined.
    let pointer: String
}

/// A documented request body.
struct RequestBodyRule: Sendable {
    let required: Bool
    let content: [MediaRule]
    let pointer: String
}

/// A documented media type of a body, with its schema and examples.
struct MediaRule: Sendable {
    /// Lower-case, without parameters; may be a range such as `application/*`.
    let mediaType: String
    let schema: JSONValue?
    /// The compiled schema, an index into the spec's validators.
    let schemaIndex: Int?
    /// Named examples in the spec's order; `example` is named "example".
    let examples: [(name: String, value: JSONValue)]
    let pointer: String
    /// For form and multipart bodies, each property's `encoding.contentType` (lower-case; it may
    /// list several, `image/png, image/jpeg`) where the spec gives one.
    var encoding: [String: String] = [:]

    /// Whether the body is JSON (`application/json`, `application/problem+json`, …).
    var isJSON: Bool { MediaRule.isJSON(mediaType) }

    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "*/*" || mediaType.hasSuffix("/json") || mediaType.hasSuffix("+json")
    }
}

/// A documented response.
struct ResponseRule: Sendable {
    /// `200`, `2XX` or `default`.
    let status: String
    let headers: [HeaderRule]
    let content: [MediaRule]
    let pointer: String

    /// Whether this rule covers `code`: exactly, by range, or as the default.
    func covers(_ code: Int) -> Bool {
        if status == String(code) { return true }
        if status.count == 3, status.uppercased().hasSuffix("XX"), let first = status.first?.wholeNumberValue {
            return code / 100 == first
        }
        return false
    }

    /// The status code an answer with this rule has.
    var code: Int {
        if let code = Int(status) { return code }
        if let first = status.first?.wholeNumberValue { return first * 100 }
        return 200
    }
}

/// A documented response header.
struct HeaderRule: Sendable {
    let name: String
    let required: Bool
    let schema: JSONValue?
    /// The compiled schema, an index into the spec's validators.
    let schemaIndex: Int?
    let example: JSONValue?
    let pointer: String
}
