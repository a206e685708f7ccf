import Foundation
import Synchronization

/// The online flag of one in-process host, a way to drop its requests in flight (those
/// waiting on a delay or a gate) the moment it goes offline, and to end its open streams when it closes.
package final class InProcessConnectivity: Sendable {
    private struct State {
        var offline = false
        var inFlight: [UUID: @Sendable () -> Void] = [:]
        var streams: [UUID: @Sendable () -> Void] = [:]
        var closed = false
    }

    private let state = Mutex(State())

    package init() {}

    package var isOffline: Bool { state.withLock { $0.offline } }

    /// Tracks a request until it is answered; `drop` runs if the host goes offline first.
    package func track(_ id: UUID, drop: @escaping @Sendable () -> Void) {
        state.withLock { $0.inFlight[id] = drop }
    }

    package func finish(_ id: UUID) {
        state.withLock { state in
            state.inFlight[id] = nil
            state.streams[id] = nil
        }
    }

    /// Runs `end` when the host closes (at once if it has), until ``finish(_:)``: an open stream
    /// ends after its last step, as on a server that stops.
    package func whenClosed(_ id: UUID, _ end: @escaping @Sendable () -> Void) {
        let closed = state.withLock { state -> Bool in
            if !state.closed { state.streams[id] = end }
            return state.closed
        }
        if closed { end() }
    }

    /// The host closed: each open stream is told to end.
    package func close() {
        let ends = state.withLock { state in
            state.closed = true
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for end in ends { end() }
    }

    package func goOffline() {
        let drops = state.withLock { state in
            state.offline = true
            defer { state.inFlight = [:] }
            return Array(state.inFlight.values)
        }
        for drop in drops { drop() }
    }

    package func goOnline() {
        state.withLock { $0.offline = false }
    }
}
