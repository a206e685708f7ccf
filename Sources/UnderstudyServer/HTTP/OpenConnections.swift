import NIOCore
import Synchronization

/// The server's live connections, so a stop can let each finish its request and then close it.
final class OpenConnections: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var accepting = true
        /// Set by `goOffline()`: new connections are reset as soon as they are accepted.
        var offline = false
    }

    private let state = Mutex(State())

    /// Tracks a new connection; false once the server is stopping (the caller closes it).
    func add(_ channel: any Channel) -> Bool {
        let added = state.withLock { state -> Bool in
            guard state.accepting else { return false }
            state.channels[ObjectIdentifier(channel)] = channel
            return true
        }
        if added {
            channel.closeFuture.whenComplete { _ in
                _ = self.state.withLock { $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
            }
        }
        return added
    }

    /// Refuses new connections from now on and returns the current ones.
    func stopAccepting() -> [any Channel] {
        state.withLock { state in
            state.accepting = false
            return Array(state.channels.values)
        }
    }

    /// True while the server plays offline.
    var isOffline: Bool { state.withLock { $0.offline } }

    /// Sets the offline flag and returns the current connections (to drop when going offline).
    func setOffline(_ offline: Bool) -> [any Channel] {
        state.withLock { state in
            state.offline = offline
            return Array(state.channels.values)
        }
    }

    var all: [any Channel] { state.withLock { Array($0.channels.values) } }
}
