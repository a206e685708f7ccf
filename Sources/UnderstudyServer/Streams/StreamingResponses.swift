import Synchronization

/// The responses of one server that are streaming now (``TimedBody``), so that a stopping server
/// can tell each to end: a stream kept open would otherwise hold ``StubHTTPServer/stop()`` for
/// the whole grace period.
final class StreamingResponses: Sendable {
    private struct State {
        var next = 0
        var enders: [Int: @Sendable () -> Void] = [:]
        var stopping = false
    }

    private let state = Mutex(State())

    /// Tracks a stream, with what ends it; nil when the server is stopping already (the stream
    /// then ends after its last step).
    func add(_ end: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.stopping else { return nil }
            state.next += 1
            state.enders[state.next] = end
            return state.next
        }
    }

    func remove(_ id: Int) {
        _ = state.withLock { $0.enders.removeValue(forKey: id) }
    }

    /// Tells every stream to end, and those that start from now on to end after their last step.
    func endAll() {
        let enders = state.withLock { state in
            state.stopping = true
            defer { state.enders = [:] }
            return Array(state.enders.values)
        }
        for end in enders { end() }
    }
}
