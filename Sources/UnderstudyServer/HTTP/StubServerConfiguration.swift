import Foundation
import Logging

/// How a ``StubHTTPServer`` listens and which limits it enforces on what clients send.
public struct StubServerConfiguration: Sendable {
    /// The address to bind; loopback unless the user asks otherwise.
    public var host: String
    /// The port to bind; 0 picks a free one (read it back from ``StubHTTPServer/port``).
    public var port: Int
    /// Largest request line plus header block; a bigger one is answered 431 and the connection closed.
    public var maxHeaderBytes: Int
    /// Largest request body; a bigger one is answered 413 (unread when declared up front) and the connection closed.
    public var maxBodyBytes: Int
    /// A connection with no request in progress and no traffic for this long is closed.
    public var idleTimeout: Duration
    /// How long ``StubHTTPServer/stop()`` lets in-flight requests finish before it closes their connections.
    public var shutdownGracePeriod: Duration
    /// When set, every `/__admin` request must carry it as `Authorization: Bearer <token>` or
    /// `X-Understudy-Admin-Token: <token>`; anything else is answered 401. Stub traffic never needs it.
    /// An empty token locks the admin API entirely.
    public var adminToken: String?
    /// Answers plain requests for simple stubs straight from the socket's bytes
    /// (`PlainRequestFastPath`). Off, every request goes through NIO's HTTP handlers; the
    /// answers, journal and scenarios are the same either way, so this is for comparing the two.
    public var usesFastPath: Bool
    /// Where each request is logged (at `.info`) with the stub it matched or "no match".
    public var logger: Logger
    /// An HTTPS listener on the same host, serving the same stubs; none by default.
    public var https: HTTPSListener?
    /// Largest WebSocket message (after reassembling its fragments); a bigger one closes the
    /// channel with 1009. 1 MiB by default.
    public var maxWebSocketMessageBytes: Int
    /// The folder of gRPC descriptor sets (`*.dsc`, `*.desc`, in subfolders too) that gRPC calls
    /// are answered with, as WireMock's gRPC extension reads a root's `grpc/`. A server started
    /// on a folder uses its `grpc/` when this is nil.
    public var grpcDescriptors: URL?
    /// Threads for the work that blocks (the admin API, body files, templates, the near-miss
    /// search, and a fleet's round trips to its database), in a pool of the server's own; nil
    /// shares NIO's pool, one thread per core. A fleet node wants more: each scenario step and
    /// each verification holds one while it waits for PostgreSQL.
    public var blockingThreads: Int?
    /// Also act as a forward proxy (`understudy serve --proxy-mode`); nil, the default, serves
    /// only requests sent to this server.
    public var forwardProxy: ForwardProxyMode?

    /// A configuration; every default is what `understudy serve` uses.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        maxHeaderBytes: Int = 64 * 1024,
        maxBodyBytes: Int = 64 * 1024 * 1024,
        idleTimeout: Duration = .seconds(60),
        shutdownGracePeriod: Duration = .seconds(5),
        adminToken: String? = nil,
        usesFastPath: Bool = true,
        logger: Logger = Logger(label: "understudy.server"),
        https: HTTPSListener? = nil,
        maxWebSocketMessageBytes: Int = 1 << 20,
        grpcDescriptors: URL? = nil,
        blockingThreads: Int? = nil,
        forwardProxy: ForwardProxyMode? = nil
    ) {
        self.forwardProxy = forwardProxy
        self.grpcDescriptors = grpcDescriptors
        self.blockingThreads = blockingThreads
        self.host = host
        self.port = port
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.shutdownGracePeriod = shutdownGracePeriod
        self.adminToken = adminToken
        self.usesFastPath = usesFastPath
        self.logger = logger
        self.https = https
        self.maxWebSocketMessageBytes = maxWebSocketMessageBytes
    }
}
