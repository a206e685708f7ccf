import Foundation

/// One outbound call a stub makes after it has answered: WireMock's `webhook` listener, read
/// from `serveEventListeners` (WireMock 3) or `postServeActions` (WireMock 2, as a list or as an
/// object keyed by name). Every text field is a template over `originalRequest` and `originalResponse`.
public struct Webhook: Sendable, Equatable {
    /// What the webhook sends as its body: text (templated) or bytes (sent as given).
    public enum Body: Sendable, Equatable {
        /// Text, rendered as a template.
        case text(String)
        /// Bytes, sent as given.
        case binary(Data)
    }

    /// WireMock's default when `method` is absent.
    public static let defaultMethod = "GET"

    /// The HTTP method (a template).
    public var method: String
    /// The target URL (a template).
    public var url: String
    /// Headers to send (values are templates).
    public var headers: [NamedValues]
    /// The body to send, if any.
    public var body: Body?
    /// How long to wait after the response before sending; nil sends at once.
    public var delay: DelayDistribution?

    /// A webhook to `url`.
    public init(
        method: String = Webhook.defaultMethod, url: String, headers: [NamedValues] = [], body: Body? = nil,
        delay: DelayDistribution? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.delay = delay
    }
}
