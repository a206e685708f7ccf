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
    var isOffline: @Sendable () -> Bool = { false }

    var logger: Logger { configuration.logger }
}
