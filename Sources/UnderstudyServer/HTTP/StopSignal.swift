import Synchronization

/// Wakes everyone waiting for the server to stop; later waiters return at once.
final class StopSignal: Sendable {
    private struct State {
        var fired = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var hasFired: Bool { state.withLock { $0.fired } }

    func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func untilSignalled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.fired { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}

/// Lets connections ask the server that owns them to stop, without keeping it alive.
final class ShutdownLink: Sendable {
    private let action = Mutex<(@Sendable () -> Void)?>(nil)

    func connect(_ perform: @escaping @Sendable () -> Void) { action.withLock { $0 = perform } }
    func trigger() { action.withLock { $0 }?() }
}
