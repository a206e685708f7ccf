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
    /// The `CONNECT` tunnel this connection's requests arrived through, in proxy mode.
    let tunnel: TunnelTarget?

    init(
        engine: StubEngine, admin: (any AdminRequestHandler)?, proxy: (any ProxyForwarder)? = nil,
        configuration: StubServerConfiguration,
        requestShutdown: @escaping @Sendable () -> Void, isOffline: @escaping @Sendable () -> Bool = { false },
        offLoop: any OffLoopWork = ThreadPoolOffLoop(), scheme: String = "http", tls: (any TLSServerSetup)? = nil,
        streamingResponses: StreamingResponses = StreamingResponses(), dashboardFeed: DashboardFeed? = nil,
        grpc: GRPCServices? = nil
    ) {
        self.grpc = grpc
        self.tunnel = nil
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

    /// Every field given: for an environment that shares another's responder (a tunnel's).
    init(
        engine: StubEngine, responder: Responder, proxy: (any ProxyForwarder)?, configuration: StubServerConfiguration,
        requestShutdown: @escaping @Sendable () -> Void, offLoop: any OffLoopWork, scheme: String,
        tls: (any TLSServerSetup)?, streamingResponses: StreamingResponses, dashboardFeed: DashboardFeed,
        grpc: GRPCServices?, tunnel: TunnelTarget?
    ) {
        self.engine = engine
        self.responder = responder
        self.proxy = proxy
        self.configuration = configuration
        self.requestShutdown = requestShutdown
        self.logger = configuration.logger
        self.offLoop = offLoop
        self.scheme = scheme
        self.tls = tls
        self.streamingResponses = streamingResponses
        self.dashboardFeed = dashboardFeed
        self.grpc = grpc
        self.tunnel = tunnel
    }
}

extension ConnectionEnvironment {
    /// The route of a request to this server now. Inside a tunnel every request is for the
    /// tunnel's host, so none reaches the admin API or the dashboard.
    func route(_ target: String) -> RequestRoute {
        let route = responder.route(target)
        guard tunnel != nil, route == .admin || route == .dashboard else { return route }
        return .engine
    }

    /// The environment of a connection inside a `CONNECT` tunnel to `tunnel`: everything shared
    /// with this one but the scheme and where requests were sent.
    func inside(_ tunnel: TunnelTarget, scheme: String, tls: (any TLSServerSetup)?) -> ConnectionEnvironment {
        ConnectionEnvironment(parent: self, tunnel: tunnel, scheme: scheme, tls: tls)
    }

    private convenience init(
        parent: ConnectionEnvironment, tunnel: TunnelTarget, scheme: String, tls: (any TLSServerSetup)?
    ) {
        self.init(
            engine: parent.engine, responder: parent.responder, proxy: parent.proxy,
            configuration: parent.configuration, requestShutdown: parent.requestShutdown, offLoop: parent.offLoop,
            scheme: scheme, tls: tls, streamingResponses: parent.streamingResponses,
            dashboardFeed: parent.dashboardFeed, grpc: parent.grpc, tunnel: tunnel)
    }
}
