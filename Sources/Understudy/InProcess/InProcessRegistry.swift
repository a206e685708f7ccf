import Synchronization
import UnderstudyCore

/// What an in-process host answers with: its engine, and whether it plays offline.
struct InProcessRoute: Sendable {
    var engine: StubEngine
    var connectivity: InProcessConnectivity
    /// What each request is asked of.
    var responder: Responder
}

/// Which engine (and connectivity) answers which in-process host. Each ``InProcessStubs`` owns a host of its own,
/// so parallel tests never reach each other's stubs.
final class InProcessRegistry: Sendable {
    static let shared = InProcessRegistry()

    /// Hosts under this reserved name (RFC 6761 `.invalid`) are ours and never resolve.
    static let domain = "understudy.invalid"

    private let routes = Mutex<[String: InProcessRoute]>([:])

    func register(_ route: InProcessRoute, host: String) {
        routes.withLock { $0[host.lowercased()] = route }
    }

    func unregister(host: String) {
        routes.withLock { _ = $0.removeValue(forKey: host.lowercased()) }
    }

    func route(for host: String) -> InProcessRoute? {
        routes.withLock { $0[host.lowercased()] }
    }

    /// True for `<anything>.understudy.invalid`: intercepted even when no stub set is open,
    /// so such a request fails here and never reaches the network.
    static func isOurs(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return host.hasSuffix("." + domain)
    }
}
