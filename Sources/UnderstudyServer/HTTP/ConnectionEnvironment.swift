import Logging
import Synchronization
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyGRPC

/// What every connection of one server shares: where requests go and the limits they obey.
///
/// A class, so that each request's closures capture one reference instead of copying (and
/// retaining) every field: that copying showed in the server's profile.
final class ConnectionEnvironment: Sendable {
    let engine: StubEngine
    /// Routes each request once and answers whole ones: the admin API, the stubs, offline.
    let responder: Responder
    /// Sends stubs with `proxyBaseUrl` upstream; without one they get a 500 saying so.
    let proxy: (any ProxyForwarder)?
    let configuration: StubServerConfiguration
    /// Called once an admin response asked the server to stop has been written.
    let requestShutdown: @Sendable () -> Void
    /// Checks admin requests for the token, when the configuration sets one.
    var adminGate: AdminTokenGate? { responder.adminGate }
    let logger: Logger
    /// Where work that must not run on the event loop runs (see ``OffLoopWork``).
    let offLoop: any OffLoopWork
    /// How many requests ``PlainRequestFastPath`` answered, for tests that must know it took them.
    let fastPathAnswers = Atomic<Int>(0)
    /// `http`, or `https` for the HTTPS listener's connections: what the journal records.
    let scheme: String
    /// The HTTPS listener's TLS set-up (which also reads a client certificate's subject); nil for plain HTTP.
    let tls: (any TLSServerSetup)?
    /// The server's responses streaming now, shared by its listeners, so a stop can end them.
    let streamingResponses: StreamingResponses
    /// The dashboard's live feed, shared by the server's listeners (see ``DashboardFeed``).
    let dashboardFeed: DashboardFeed
    /// The gRPC services calls are answered with; nil answers every call UNIMPLEMENTED.
    let grpc: GRPCServices?

    init(
        engine: StubEngine, admin: (any AdminRequestHandler)?, proxy: (any ProxyForwarder)? = nil,
        configuration: StubServerConfiguration,
        requestShutdown: @escaping @Sendable () -> Void, isOffline: @escaping @Sendable () -> Bool = { false },
        offLoop: any OffLoopWork = ThreadPoolOffLoop(), scheme: String = "http", tls: (any TLSServerSetup)? = nil,
        streamingResponses: StreamingResponses = StreamingResponses(), dashboardFeed: DashboardFeed? = nil,
        grpc: GRPCServices? = nil
    ) {
        self.grpc = grpc
        self.streamingResponses = streamingResponses
        // The feed does its off-loop work where the connections do theirs (in place in the fuzz
        // harness, which must not start NIO's global thread pool).
        self.dashboardFeed =
            dashboardFeed ?? DashboardFeed(journal: engine.journal, store: engine.store, offLoop: offLoop)
        self.scheme = scheme
        self.tls = tls
        self.offLoop = offLoop
        self.engine = engine
        // Offline: each request is read, then its connection reset.
        self.responder = Responder(
            engine: engine, admin: admin, adminToken: configuration.adminToken, isOffline: isOffline)
        self.proxy = proxy
        self.configuration = configuration
        self.requestShutdown = requestShutdown
        self.logger = configuration.logger
    }
}

extension ConnectionEnvironment {
    /// The route of a request to this server now.
    func route(_ target: String) -> RequestRoute {
        responder.route(target)
    }
}
