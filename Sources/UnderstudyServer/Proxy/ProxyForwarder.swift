import Foundation
import UnderstudyCore

/// Sends a proxied request upstream. The server proxies stubs with `proxyBaseUrl` only when it
/// is given one of these; `UnderstudyRecording` provides one built on AsyncHTTPClient, so this
/// module (and what a test target imports) never links an HTTP client.
public protocol ProxyForwarder: Sendable {
    /// Sends `request` and returns the upstream's whole response.
    /// - Throws: ``ProxyFailure``; anything else is reported as a bad gateway.
    func forward(_ request: ProxyRequest) async throws -> ProxiedResponse
}

/// What goes upstream: the target URL, the method, the headers left after WireMock's rules
/// (hop-by-hop and `Host` dropped, `removeProxyRequestHeaders` removed, additional headers set), and the body.
public struct ProxyRequest: Sendable, Equatable {
    /// The client's method, unchanged.
    public var method: String
    /// The absolute upstream URL, e.g. `https://api.example.com/v1/timeline?page=2`.
    public var url: String
    public var headers: HeaderFields
    public var body: Data

    public init(method: String, url: String, headers: HeaderFields, body: Data) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The upstream's answer, as received (no decompression).
public struct ProxiedResponse: Sendable, Equatable {
    /// The upstream's status code.
    public var status: Int
    public var headers: HeaderFields
    public var body: Data

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
    /// No complete answer within the time-out: the client gets 504.
    case timedOut(String)

    public var description: String {
        switch self {
        case .badGateway(let reason): return reason
        case .timedOut(let reason): return reason
        }
    }
}
