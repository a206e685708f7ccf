import Foundation

/// What a template can read of the request it answers: `{{request.url}}`, `{{request.headers.X}}`,
/// `{{request.parts.file.body}}`…
///
/// The templating module knows nothing of stubs or of how a request was received; the core's
/// `LoggedRequest` conforms, and a test or another tool can bring its own value.
public protocol TemplateRequest: Sendable {
    /// The request's id, as `{{request.id}}` prints it.
    var templateID: String { get }
    /// The method as sent.
    var method: String { get }
    /// The path and query as sent (`/users/1?page=2`).
    var url: String { get }
    /// `http` or `https`.
    var scheme: String { get }
    /// The host the request was sent to.
    var host: String { get }
    /// The port it was sent to.
    var port: Int { get }
    /// The client's address.
    var clientIP: String { get }
    /// `scheme://host:port/path?query`.
    var absoluteURL: String { get }
    /// The body bytes.
    var body: Data { get }
    /// The body as text (UTF-8, with invalid bytes replaced).
    var bodyText: String { get }
    /// Header names as sent, each with its values in order.
    var templateHeaders: [(name: String, values: [String])] { get }
    /// Cookies by name, each with its values in order.
    var cookies: [(name: String, values: [String])] { get }
    /// The parts of a `multipart/*` body; empty for any other body. Asked for only when a
    /// template reads `request.parts` or `request.multipart`.
    func templateParts() -> [TemplateRequestPart]
}

/// One part of a multipart request body, as `{{request.parts.<name>}}` reads it.
public struct TemplateRequestPart: Sendable {
    /// The `name` parameter of its `Content-Disposition`.
    public var name: String?
    /// The `filename` parameter of its `Content-Disposition`.
    public var fileName: String?
    /// The part's headers, each name with its values.
    public var headers: [(name: String, values: [String])]
    /// The part's body.
    public var body: Data

    /// A part with these fields.
    public init(name: String?, fileName: String?, headers: [(name: String, values: [String])], body: Data) {
        self.name = name
        self.fileName = fileName
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, by name regardless of case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringASCIICase(name) }?.values.first
    }
}
