import Foundation
import Logging
import UnderstudyCore

/// Carries out a stub's `proxyBaseUrl`: forwards the request and turns the upstream's answer,
/// or its failure, into the decision the connection renders (and the journal records).
enum ProxyExchange {
    /// What a server without a forwarder answers: a 500 that says how to get proxying.
    static let unavailableMessage = """
        This Understudy server cannot proxy (the stub has proxyBaseUrl): it was started without a proxy forwarder. \
        Proxying needs the UnderstudyRecording module: run the 'understudy' command (serve, record), or start \
        StubHTTPServer with proxy: AsyncHTTPProxyForwarder().
        """

    static func resolve(
        _ decision: ServeDecision, request: LoggedRequest, settings: ProxySettings, forwarder: (any ProxyForwarder)?, logger: Logger
    ) async -> ServeDecision {
        guard let forwarder else {
            return replacing(decision, status: 500, text: unavailableMessage)
        }
        let outbound = ProxyRequest(forwarding: request, settings: settings)
        do {
            let response = try await forwarder.forward(outbound)
            var result = decision
            result.status = response.status
            result.statusMessage = nil
            // The body is re-framed here (we know its length), so the upstream's framing goes.
            var headers = HopByHopHeaders.removing(from: response.headers, also: ["content-length"])
            if let stub = decision.stub { headers.add("Matched-Stub-Id", stub.id.uuidString.lowercased()) }
            result.headers = headers
            result.body = response.body
            return result
        } catch let failure as ProxyFailure {
            logger.warning("Proxying \(request.method) \(request.url) to \(outbound.url) failed: \(failure)")
            switch failure {
            case .badGateway(let reason):
                return replacing(decision, status: 502, text: "Bad gateway: proxying to \(outbound.url) failed: \(reason)")
            case .timedOut(let reason):
                return replacing(decision, status: 504, text: "Gateway time-out: \(outbound.url) did not answer in time: \(reason)")
            }
        } catch {
            logger.warning("Proxying \(request.method) \(request.url) to \(outbound.url) failed: \(error)")
            return replacing(decision, status: 502, text: "Bad gateway: proxying to \(outbound.url) failed: \(error)")
        }
    }

    private static func replacing(_ decision: ServeDecision, status: Int, text: String) -> ServeDecision {
        var result = decision
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
