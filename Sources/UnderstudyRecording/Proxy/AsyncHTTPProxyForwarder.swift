import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import UnderstudyCore
import UnderstudyServer

/// Forwards proxied requests with AsyncHTTPClient: redirects are passed back, not followed;
/// bodies are passed through as bytes (no decompression) and streamed both ways; a refused
/// connection fails at once (502).
///
/// ``timeout`` bounds the wait for the upstream's head (504 past it) and, once the body flows,
/// any silence between two reads from the upstream (the client connection is then closed, as
/// its status has gone out already). For a request body that streams from the client, the wait
/// for the head starts once the body has been sent, so a long upload is not cut short.
///
/// ```swift
/// let server = try await StubHTTPServer.start(engine: engine, proxy: AsyncHTTPProxyForwarder())
/// ```
public struct AsyncHTTPProxyForwarder: ProxyForwarder {
    /// The longest wait for the upstream's head, connection included, and the longest silence
    /// while its body streams.
    public var timeout: Duration
    /// Private CAs and trusted hosts for HTTPS upstreams, beyond the system's roots.
    public var trust: UpstreamTrust
    /// Which upstreams may be reached at all; a request to any other is answered 502.
    public var targets: ProxyTargetRules

    /// - Parameters:
    ///   - timeout: the longest wait for the upstream's answer (504 past it), and the longest
    ///     pause in its body.
    ///   - trust: private CAs and hosts to trust for HTTPS upstreams (none by default).
    ///   - targets: the upstreams that may be reached (all by default).
    public init(
        timeout: Duration = .seconds(30), trust: UpstreamTrust = UpstreamTrust(),
        targets: ProxyTargetRules = ProxyTargetRules()
    ) {
        self.timeout = timeout
        self.trust = trust
        self.targets = targets
    }

    private struct ClientKey: Hashable {
        var readTimeout: Duration
        var trust: UpstreamTrust
        /// Set for a host of ``UpstreamTrust/trustedHosts``: only its requests use that client.
        var trustedHost: String?
    }

    /// One client per read time-out and trust, for the whole process. They are never released,
    /// so they need no shutdown (AsyncHTTPClient traps in debug builds when a client is dropped
    /// without one). HTTPS upstreams speak h2 or HTTP/1.1, as ALPN settles.
    private static let clients = Mutex<[ClientKey: HTTPClient]>([:])

    static func client(readTimeout: Duration, trust: UpstreamTrust = UpstreamTrust(), host: String = "") -> HTTPClient {
        let key = ClientKey(readTimeout: readTimeout, trust: trust, trustedHost: trust.isTrusted(host) ? host : nil)
        return clients.withLock { clients in
            if let client = clients[key] { return client }
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: trust.tlsConfiguration(forHost: host), redirectConfiguration: .disallow,
                timeout: .init(connect: .seconds(10), read: TimeAmount(readTimeout)), decompression: .disabled)
            // Retrying a refused connection until the deadline would turn every 502 into a 504.
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    /// Sends the request and hands the answer to `receiver` part by part, mapping upstream
    /// failures to `ProxyFailure`.
    ///
    /// The request body goes as a lazily sliced view of the bytes already read (no second whole
    /// copy), or, when it streams from the client, part by part as AsyncHTTPClient asks for it
    /// (`Content-Length` when the client declared one, chunked otherwise); AsyncHTTPClient
    /// reads the response body only as fast as `receiver` takes it.
    public func stream(_ request: ProxyRequest, to receiver: some ProxyResponseReceiver) async throws {
        var outbound = HTTPClientRequest(url: request.url)
        outbound.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outbound.headers.add(name: field.name, value: field.value) }
        // AsyncHTTPClient's deadline runs until the head arrives, upload included: a streamed
        // upload is bounded instead by the read time-out, which starts once the body is sent.
        var deadline = NIODeadline.now() + TimeAmount(timeout)
        if let streamed = request.streamedBody {
            outbound.body = .stream(streamed, length: streamed.length.map { .known(Int64($0)) } ?? .unknown)
            deadline = .distantFuture
        } else if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            outbound.body = .bytes(request.body)
        }
        let host = UpstreamHost.of(request.url)
        try await targets.check(host: host)
        let client = Self.client(readTimeout: timeout, trust: trust, host: host)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outbound, deadline: deadline)
        } catch {
            throw Self.failure(for: error)
        }
        var headers = HeaderFields()
        for (name, value) in response.headers { headers.add(name, value) }
        try await receiver.receiveHead(status: Int(response.status.code), headers: headers)
        var parts = response.body.makeAsyncIterator()
        while true {
            let part: ByteBuffer?
            do {
                part = try await parts.next()
            } catch {
                throw Self.failure(for: error)
            }
            guard let part else { return }
            if part.readableBytes > 0 { try await receiver.receiveBodyPart(part) }
        }
    }

    /// Sends `ProxyRequest.streamedBody` as it arrives.
    public var streamsRequestBodies: Bool { true }

    /// Time-outs become 504s; everything else (refused, reset, not HTTP) a 502.
    static func failure(for error: any Error) -> ProxyFailure {
        if let failure = error as? ProxyFailure { return failure }
        if let clientError = error as? HTTPClientError {
            let timeouts: [HTTPClientError] = [
                .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout
            ]
            if timeouts.contains(clientError) { return .timedOut(String(describing: clientError)) }
        }
        if case ChannelError.connectTimeout = error { return .timedOut("connect time-out") }
        return .badGateway(String(describing: error))
    }
}
