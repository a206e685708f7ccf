import Synchronization

/// The journal writer's pause between flushes, cut short when a verification asks for a flush:
/// a reader then waits for a round trip, not for the rest of every node's flush interval.
final class FlushWakeup: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        /// A wake-up that came while nobody waited: the next pause ends at once.
        var pending = false
    }

    private let state = Mutex(State())

    /// Ends the current pause, or the next one if none is under way.
    func wake() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.pending = true
            return nil
        }
        waiter?.resume()
    }

    /// Returns after `interval`, or sooner when woken. One caller at a time.
    func pause(_ interval: Duration) async {
        let timer = Task { [self] in
            do {
                try await Task.sleep(for: interval)
                wake()
            } catch {}
        }
        defer { timer.cancel() }
        // Leaving cancels the writer: its pause ends then, not at the timer.
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            wake()
        }
    }
}
