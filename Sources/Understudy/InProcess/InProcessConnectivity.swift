import Foundation
import Synchronization
import UnderstudyCore

/// What an in-process host answers with: its engine, and whether it plays offline.
struct InProcessRoute: Sendable {
    var engine: StubEngine
    var connectivity: InProcessConnectivity
}

/// The online flag of one in-process host, and a way to drop its requests in flight (those
/// waiting on a delay or a gate) the moment it goes offline.
package final class InProcessConnectivity: Sendable {
    private struct State {
        var offline = false
        var inFlight: [UUID: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    package var isOffline: Bool { state.withLock { $0.offline } }

    /// Tracks a request until it is answered; `drop` runs if the host goes offline first.
    package func track(_ id: UUID, drop: @escaping @Sendable () -> Void) {
        state.withLock { $0.inFlight[id] = drop }
    }

    package func finish(_ id: UUID) {
        _ = state.withLock { $0.inFlight.removeValue(forKey: id) }
    }

    func goOffline() {
        let drops = state.withLock { state in
            state.offline = true
            defer { state.inFlight = [:] }
            return Array(state.inFlight.values)
        }
        for drop in drops { drop() }
    }

    func goOnline() {
        state.withLock { $0.offline = false }
    }
}
