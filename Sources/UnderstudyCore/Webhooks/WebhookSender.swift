import Foundation

/// Sends a rendered webhook. The engine calls it off the event loop, after the stub's response
/// is out; `UnderstudyRecording` provides one built on AsyncHTTPClient, so this module (and
/// `Understudy`) never links an HTTP client.
public protocol WebhookSender: Sendable {
    /// Sends `request` and returns the target's status code.
    /// - Throws: any error when the target refuses, fails or does not answer within `timeout`.
    func send(_ request: WebhookRequest, timeout: Duration) async throws -> Int
}

/// A webhook after templating: what goes to the target.
public struct WebhookRequest: Sendable, Equatable {
    /// The HTTP method.
    public var method: String
    /// The target URL.
    public var url: String
    /// The headers.
    public var headers: HeaderFields
    /// The body.
    public var body: Data

    /// A rendered webhook.
    public init(method: String, url: String, headers: HeaderFields = HeaderFields(), body: Data = Data()) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A webhook's target did not answer in time: what a ``WebhookSender`` throws for it.
public struct WebhookTimedOut: Error, Sendable, CustomStringConvertible {
    /// How long the target had.
    public var timeout: Duration
    /// A time-out after `timeout`.
    public init(timeout: Duration) { self.timeout = timeout }
    public var description: String { "timed out after \(timeout)" }
}
