import Logging
import UnderstudyCore

/// What every connection of one server shares: where requests go and the limits they obey.
struct ConnectionEnvironment: Sendable {
    var engine: StubEngine
    var admin: (any AdminRequestHandler)?
    /// Sends stubs with `proxyBaseUrl` upstream; without one they get a 500 saying so.
    var proxy: (any ProxyForwarder)?
    var configuration: StubServerConfiguration
    /// Called once an admin response asked the server to stop has been written.
    var requestShutdown: @Sendable () -> Void
    /// True while the server plays offline: each request is read, then its connection reset.
    var isOffline: @Sendable () -> Bool
    /// Checks admin requests for the token, when the configuration sets one.
    var adminGate: AdminTokenGate?

    init(
        engine: StubEngine, admin: (any AdminRequestHandler)?, proxy: (any ProxyForwarder)? = nil, configuration: StubServerConfiguration,
        requestShutdown: @escaping @Sendable () -> Void, isOffline: @escaping @Sendable () -> Bool = { false }
    ) {
        self.engine = engine
        self.admin = admin
        self.proxy = proxy
        self.configuration = configuration
        self.requestShutdown = requestShutdown
        self.isOffline = isOffline
        // An empty token fails closed: the gate admits nothing rather than an empty header.
        self.adminGate = configuration.adminToken.map(AdminTokenGate.init(token:))
    }

    var logger: Logger { configuration.logger }
}
