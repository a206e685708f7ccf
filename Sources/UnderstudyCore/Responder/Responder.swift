/// The one place that turns a request into what to answer, for every transport: the server's
/// HTTP/1.1 paths and HTTP/2 streams, the in-process URLProtocol and the OpenAPI `ClientTransport`.
/// It routes once (offline, the admin API, the dashboard, or the stub engine with its contract)
/// and answers a whole request with a transport-neutral ``ResponderAnswer``; each transport
/// renders that answer its own way and plays its delays, gates and faults.
///
/// What it does not do: the dashboard (its pages and live feed are the server's) and the fast
/// paths' answers to fixed stubs, which ask ``route(_:)`` and then the engine directly, on the
/// event loop.
package final class Responder: Sendable {
    package let engine: StubEngine
    /// Answers `/__admin`; nil on a server without one (those paths get a 404 saying so).
    package let admin: (any AdminRequestHandler)?
    /// Checks admin and dashboard requests for the token, when one is configured.
    package let adminGate: AdminTokenGate?
    /// Whether `/__admin` and `/__understudy` are served at all (a server's are; an in-process
    /// host hands them to its stubs like any other path).
    private let mounts: Bool
    private let isOffline: @Sendable () -> Bool

    /// A server's responder: the admin API and the dashboard are mounted.
    package init(
        engine: StubEngine, admin: (any AdminRequestHandler)?, adminToken: String?,
        isOffline: @escaping @Sendable () -> Bool
    ) {
        self.engine = engine
        self.admin = admin
        // An empty token fails closed: the gate admits nothing rather than an empty header.
        self.adminGate = adminToken.map(AdminTokenGate.init(token:))
        self.mounts = true
        self.isOffline = isOffline
    }

    /// A socketless host's responder: every path goes to the stubs.
    package init(engine: StubEngine, isOffline: @escaping @Sendable () -> Bool) {
        self.engine = engine
        self.admin = nil
        self.adminGate = nil
        self.mounts = false
        self.isOffline = isOffline
    }

    /// Where `target` (the request's path and query) goes now.
    package func route(_ target: String) -> RequestRoute {
        RequestRoute(target: target, isOffline: isOffline(), mounts: mounts)
    }

    /// The answer to a whole request on `route` (as ``route(_:)`` gave it), decided inline: call
    /// it off the event loop, since the admin API, body matchers, body files and the near-miss
    /// search may take a while. The engine's decision is journalled; the transport completes it
    /// (`StubEngine.complete`) when the answer is due.
    package func respond(_ request: LoggedRequest, route: RequestRoute) -> ResponderAnswer {
        switch route {
        case .offline:
            return .reset
        case .dashboard:
            return .dashboard
        case .admin:
            if let adminGate, !adminGate.admits(request.headers) { return .admin(adminGate.refusal) }
            return .admin(admin?.handle(request) ?? Self.noAdminAPI)
        case .engine:
            guard let decision = engine.decide(request, capabilities: .inline).run() else {
                return .admin(Self.declined)
            }
            return .stub(decision)
        }
    }

    static let noAdminAPI = AdminResponse.json(
        ["errors": [["code": 404, "title": "This server has no admin API"]]], status: 404)

    /// Never sent: inline capabilities answer every request. Said plainly should that ever change.
    static let declined = AdminResponse.json(
        ["errors": [["code": 500, "title": "The stub engine declined the request"]]], status: 500)
}

/// What a request gets, whatever carried it.
package enum ResponderAnswer: Sendable {
    /// Offline: drop the request unanswered (the server resets the connection; in-process fails
    /// with `URLError(.notConnectedToInternet)`); it reaches no journal.
    case reset
    /// The stub engine's decision: status, headers, body or a body over time, delay, gate, fault,
    /// proxy. Journalled already.
    case stub(ServeDecision)
    /// An answer of the admin API (or the engine's plain refusal), with what to do once sent.
    case admin(AdminResponse)
    /// The dashboard, which only the server renders.
    case dashboard
}
