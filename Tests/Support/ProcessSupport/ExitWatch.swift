import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reaps one child on a thread of its own and tells everyone waiting for it how it ended.
final class ExitWatch: Sendable {
    private struct State {
        var status: Int32?
        var waiters: [@Sendable (Int32) -> Void] = []
    }
    private let state = Mutex(State())

    /// The exit status, or the signal's number for a child killed by one; nil while it runs.
    var status: Int32? { state.withLock { $0.status } }

    /// Starts the thread that waits for `pid` (a blocking `waitpid`, so never on the cooperative pool).
    func watch(_ pid: pid_t) {
        Thread.detachNewThread { [self] in
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
            let signal = raw & 0x7f
            let status = signal == 0 ? (raw >> 8) & 0xff : signal
            let waiters = state.withLock { state in
                state.status = status
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter(status) }
        }
    }

    /// Calls `waiter` once the child has exited (at once when it already has).
    func onExit(_ waiter: @escaping @Sendable (Int32) -> Void) {
        let known: Int32? = state.withLock {
            if $0.status == nil { $0.waiters.append(waiter) }
            return $0.status
        }
        if let known { waiter(known) }
    }
}
