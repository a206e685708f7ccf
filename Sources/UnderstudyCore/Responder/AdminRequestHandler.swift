import Foundation
import UnderstudyJSON

/// Answers requests under `/__admin`. The HTTP server hands every such request here and
/// writes back what it returns; the handler never touches sockets.
public protocol AdminRequestHandler: Sendable {
    /// The answer to one admin request.
    func handle(_ request: LoggedRequest) -> AdminResponse
}

/// An admin API answer, and what the server must do once it is sent.
public struct AdminResponse: Sendable {
    /// What the server does once the response is written.
    public enum Action: Sendable {
        /// Stop the server after the response is written (`POST /__admin/shutdown`).
        case shutdown
    }

    /// The HTTP status.
    public var status: Int
    /// The response headers.
    public var headers: HeaderFields
    /// The response body.
    public var body: Data
    /// What to do after sending, if anything.
    public var action: Action?

    /// An answer with this status, headers, body and after-action.
    public init(status: Int, headers: HeaderFields = HeaderFields(), body: Data = Data(), action: Action? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.action = action
    }

    /// A JSON answer with `Content-Type: application/json`.
    public static func json(_ value: JSONValue, status: Int = 200, action: Action? = nil) -> AdminResponse {
        AdminResponse(
            status: status, headers: ["Content-Type": "application/json"], body: JSONWriter.data(value), action: action)
    }
}
