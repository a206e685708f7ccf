import Dispatch
import Synchronization

/// Waits on the calling thread for async work, up to a deadline.
///
/// The stub engine's scenario steps and the admin API are synchronous and run on the server's
/// off-loop thread pool, which exists for work that blocks (files, the admin API); a fleet makes
/// them wait for one round trip to PostgreSQL there. Never call this on an event loop or from a
/// task: the work it waits for needs those threads.
enum BlockingWait {
    static func run<T: Sendable>(
        timeout: Duration, _ work: @escaping @Sendable () async throws -> T
    ) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<T, any Error>?>(nil)
        let task = Task {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        guard done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else {
            task.cancel()
            throw FleetError.unavailable("no answer within \(timeout)")
        }
        guard let outcome = result.withLock({ $0 }) else { throw FleetError.unavailable("no answer") }
        return try outcome.get()
    }
}
