import Logging
import UnderstudyCore

/// What every connection of one server shares: where requests go and the limits they obey.
struct ConnectionEnvironment: Sendable {
    var engine: StubEngine
    var admin: (any AdminRequestHandler)?
    var configuration: StubServerConfiguration
    /// Called once an admin response asked the server to stop has been written.
    var requestShutdown: @Sendable () -> Void
    /// Checks admin requests for the token, when the configuration sets one.
    var adminGate: AdminTokenGate?

    init(engine: StubEngine, admin: (any AdminRequestHandler)?, configuration: StubServerConfiguration, requestShutdown: @escaping @Sendable () -> Void) {
        self.engine = engine
        self.admin = admin
        self.configuration = configuration
        self.requestShutdown = requestShutdown
        // An empty token fails closed: the gate admits nothing rather than an empty header.
        self.adminGate = configuration.adminToken.map(AdminTokenGate.init(token:))
    }

    var logger: Logger { configuration.logger }
}
