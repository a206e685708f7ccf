import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore
import UnderstudyServer

/// Forwards proxied requests with AsyncHTTPClient: redirects are passed back, not followed;
/// bodies are passed through as bytes (no decompression); a refused connection fails at once
/// (502) and the whole exchange is bounded by ``timeout`` (504).
///
/// ```swift
/// let server = try await StubHTTPServer.start(engine: engine, proxy: AsyncHTTPProxyForwarder())
/// ```
public struct AsyncHTTPProxyForwarder: ProxyForwarder {
    /// The longest a proxied exchange may take, connection included.
    public var timeout: Duration
    /// The largest upstream body accepted; a bigger one is a 502.
    public var maxBodyBytes: Int

    /// - Parameters:
    ///   - timeout: the longest a whole exchange may take before the client gets 504.
    ///   - maxBodyBytes: the largest upstream body passed on; a bigger one is a 502.
    public init(timeout: Duration = .seconds(30), maxBodyBytes: Int = 64 * 1024 * 1024) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// One client for the whole process. It is never released, so it needs no shutdown
    /// (AsyncHTTPClient traps in debug builds when a client is dropped without one).
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10)), decompression: .disabled)
        // Retrying a refused connection until the deadline would turn every 502 into a 504.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Sends the request and collects the whole answer, mapping failures to ``ProxyFailure``.
    public func forward(_ request: ProxyRequest) async throws -> ProxiedResponse {
        var outbound = HTTPClientRequest(url: request.url)
        outbound.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outbound.headers.add(name: field.name, value: field.value) }
        if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            outbound.body = .bytes(ByteBuffer(bytes: request.body))
        }
        do {
            let response = try await Self.client.execute(outbound, timeout: TimeAmount(timeout))
            var headers = HeaderFields()
            for (name, value) in response.headers { headers.add(name, value) }
            let body = try await response.body.collect(upTo: maxBodyBytes)
            return ProxiedResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            throw Self.failure(for: error, limit: maxBodyBytes)
        }
    }

    /// Time-outs become 504s; everything else (refused, reset, not HTTP, too big) a 502.
    static func failure(for error: any Error, limit: Int) -> ProxyFailure {
        if let failure = error as? ProxyFailure { return failure }
        if let clientError = error as? HTTPClientError {
            let timeouts: [HTTPClientError] = [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout]
            if timeouts.contains(clientError) { return .timedOut(String(describing: clientError)) }
        }
        if case ChannelError.connectTimeout = error { return .timedOut("connect time-out") }
        if error is NIOTooManyBytesError { return .badGateway("the upstream body is larger than \(limit) bytes") }
        return .badGateway(String(describing: error))
    }
}
