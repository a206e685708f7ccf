import Synchronization
import UnderstudyCore

/// Which engine answers which in-process host. Each ``InProcessStubs`` owns a host of its own,
/// so parallel tests never reach each other's stubs.
final class InProcessRegistry: Sendable {
    static let shared = InProcessRegistry()

    /// Hosts under this reserved name (RFC 6761 `.invalid`) are ours and never resolve.
    static let domain = "understudy.invalid"

    private let engines = Mutex<[String: StubEngine]>([:])

    func register(_ engine: StubEngine, host: String) {
        engines.withLock { $0[host.lowercased()] = engine }
    }

    func unregister(host: String) {
        engines.withLock { _ = $0.removeValue(forKey: host.lowercased()) }
    }

    func engine(for host: String) -> StubEngine? {
        engines.withLock { $0[host.lowercased()] }
    }

    /// True for `<anything>.understudy.invalid`: intercepted even when no stub set is open,
    /// so such a request fails here and never reaches the network.
    static func isOurs(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return host.hasSuffix("." + domain)
    }
}
