import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

/// Sends stubs' webhooks with AsyncHTTPClient (the proxy's clients: redirects not followed,
/// a refused connection fails at once). Install it on an engine to have webhooks sent:
///
/// ```swift
/// server.engine.webhooks.sender = AsyncHTTPWebhookSender()
/// ```
public struct AsyncHTTPWebhookSender: WebhookSender {
    /// Private CAs and trusted hosts for HTTPS targets, beyond the system's roots.
    public var trust: UpstreamTrust

    /// A sender whose HTTPS targets must pass `trust`.
    public init(trust: UpstreamTrust = UpstreamTrust()) {
        self.trust = trust
    }

    /// Sends the request and reads the answer whole (a target's body is not kept), within `timeout`.
    public func send(_ request: WebhookRequest, timeout: Duration) async throws -> Int {
        var outbound = HTTPClientRequest(url: request.url)
        outbound.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outbound.headers.add(name: field.name, value: field.value) }
        if !request.body.isEmpty { outbound.body = .bytes(request.body) }
        let client = AsyncHTTPProxyForwarder.client(
            readTimeout: timeout, trust: trust, host: UpstreamHost.of(request.url))
        do {
            let response = try await client.execute(outbound, deadline: .now() + TimeAmount(timeout))
            // Drained so the connection goes back to the pool.
            for try await _ in response.body {}
            return Int(response.status.code)
        } catch {
            if case .timedOut = AsyncHTTPProxyForwarder.failure(for: error) { throw WebhookTimedOut(timeout: timeout) }
            throw error
        }
    }
}
