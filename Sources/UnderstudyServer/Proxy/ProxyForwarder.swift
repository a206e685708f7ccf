import Foundation
import NIOCore
import UnderstudyCore

/// Sends a proxied request upstream. The server proxies stubs with `proxyBaseUrl` only when it
/// is given one of these; `UnderstudyRecording` provides one built on AsyncHTTPClient, so this
/// module (and what a test target imports) never links an HTTP client.
public protocol ProxyForwarder: Sendable {
    /// Sends `request`, hands the upstream's head to `receiver` once it arrives, then each part
    /// of the body as it arrives, awaiting each hand-over before reading more from the upstream
    /// (the receiver's pace is the backpressure). Returns once the body has ended.
    /// - Throws: ``ProxyFailure`` for upstream failures (before the head: the client gets 502
    ///   or 504); whatever the receiver throws, unchanged.
    func stream(_ request: ProxyRequest, to receiver: some ProxyResponseReceiver) async throws

    /// True when this forwarder sends a request's ``ProxyRequest/streamedBody`` upstream as it
    /// arrives. Only then does the server stream large request bodies; otherwise it reads each
    /// body whole first and passes it in ``ProxyRequest/body``. False unless implemented.
    var streamsRequestBodies: Bool { get }
}

extension ProxyForwarder {
    /// False by default: the server reads the whole body before forwarding.
    public var streamsRequestBodies: Bool { false }
}

/// Takes a proxied response as it arrives: the server's receiver writes each part to the client
/// connection and returns once the socket has taken it.
public protocol ProxyResponseReceiver: Sendable {
    /// The upstream's status and headers, as received.
    func receiveHead(status: Int, headers: HeaderFields) async throws
    /// The next part of the body (never empty).
    func receiveBodyPart(_ part: ByteBuffer) async throws
}

/// What goes upstream: the target URL, the method, the headers left after WireMock's rules
/// (hop-by-hop and `Host` dropped, `removeProxyRequestHeaders` removed, additional headers set), and the body.
public struct ProxyRequest: Sendable, Equatable {
    /// The client's method, unchanged.
    public var method: String
    /// The absolute upstream URL, e.g. `https://api.example.com/v1/timeline?page=2`.
    public var url: String
    /// The headers to send upstream, already filtered.
    public var headers: HeaderFields
    /// The whole body, when it was read before forwarding (empty when ``streamedBody`` is set).
    public var body: Data
    /// The body as it arrives from the client, when the server streams it (only to forwarders
    /// whose ``ProxyForwarder/streamsRequestBodies`` is true); send this instead of ``body``.
    public var streamedBody: StreamedRequestBody?

    /// A request to forward, with its body read or streamed.
    public init(
        method: String, url: String, headers: HeaderFields, body: Data, streamedBody: StreamedRequestBody? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.streamedBody = streamedBody
    }
}

/// The upstream's answer, as received (no decompression).
public struct ProxiedResponse: Sendable, Equatable {
    /// The upstream's status code.
    public var status: Int
    /// The upstream's headers, as received.
    public var headers: HeaderFields
    /// The upstream's body, as received.
    public var body: Data

    /// An upstream answer with this status, headers and body.
    public init(status: Int, headers: HeaderFields, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a proxied request got no usable answer.
public enum ProxyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No connection (refused, unknown host) or an answer that is not HTTP: the client gets 502.
    case badGateway(String)
    /// No answer within the time-out: the client gets 504.
    case timedOut(String)

    public var description: String {
        switch self {
        case .badGateway(let reason): return reason
        case .timedOut(let reason): return reason
        }
    }
}
