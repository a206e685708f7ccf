import Foundation
import UnderstudyCore

/// The decisions and headers of a proxy stub's exchange that do not depend on the connection:
/// what a client gets when there is no forwarder or the upstream failed before its head, and
/// which of the upstream's headers go on to the client.
enum ProxyExchange {
    /// What a server without a forwarder answers: a 500 that says how to get proxying.
    static let unavailableMessage = """
        This Understudy server cannot proxy (the stub has proxyBaseUrl): it was started without a proxy forwarder. \
        Proxying needs the UnderstudyRecording module: run the 'understudy' command (serve, record), or start \
        StubHTTPServer with proxy: AsyncHTTPProxyForwarder().
        """

    static func unavailable(_ decision: ServeDecision) -> ServeDecision {
        replacing(decision, status: 500, text: unavailableMessage)
    }

    /// 508 for a request a forward proxy would pass through to itself (a `CONNECT` or an
    /// absolute URL naming this server): it would come back here, not reach a real host.
    static func loop(_ decision: ServeDecision, upstreamURL: String) -> ServeDecision {
        replacing(
            decision, status: 508,
            text:
                "Loop detected: no stub matched, and passing the request through to \(upstreamURL) would send it back to this server"
        )
    }

    /// 504 for a time-out, 502 for anything else, with a body that names the upstream URL.
    static func failed(_ decision: ServeDecision, upstreamURL: String, error: any Error) -> ServeDecision {
        switch error {
        case ProxyFailure.timedOut(let reason):
            return replacing(
                decision, status: 504, text: "Gateway time-out: \(upstreamURL) did not answer in time: \(reason)")
        case ProxyFailure.badGateway(let reason):
            return replacing(decision, status: 502, text: "Bad gateway: proxying to \(upstreamURL) failed: \(reason)")
        default:
            return replacing(decision, status: 502, text: "Bad gateway: proxying to \(upstreamURL) failed: \(error)")
        }
    }

    /// The upstream's headers less hop-by-hop ones. `Content-Length` stays, so the body is framed
    /// as the upstream framed it (without it, the server chunks it; `Transfer-Encoding` is hop-by-hop).
    static func clientHeaders(_ upstream: HeaderFields, stub: StubMapping?) -> HeaderFields {
        var headers = HopByHopHeaders.removing(from: upstream)
        if let stub { headers.add("Matched-Stub-Id", stub.id.uuidString.lowercased()) }
        return headers
    }

    /// A finished decision: no proxying left to do and no delay left to wait (it was waited).
    private static func replacing(_ decision: ServeDecision, status: Int, text: String) -> ServeDecision {
        var result = decision
        result.proxy = nil
        result.delay = .zero
        result.chunkedDribble = nil
        result.status = status
        result.statusMessage = nil
        var headers = HeaderFields()
        headers.add("Content-Type", "text/plain; charset=utf-8")
        if let stub = decision.stub { headers.add("Matched-Stub-Id", stub.id.uuidString.lowercased()) }
        result.headers = headers
        result.body = Data(text.utf8)
        return result
    }
}
