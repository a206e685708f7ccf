import Synchronization

/// A clock whose time moves only when the test moves it.
///
/// Give it to a host (`withStubs(.server, clock: clock)`) and the stubs' delays fall due when
/// the test calls ``advance(by:)``, not after real time; give the same clock to the client under
/// test for its own waits (`Retry-After`, backoff) and a retry test runs in milliseconds, the same
/// way every time:
///
/// ```swift
/// let clock = ManualClock()
/// async let status = client.get(url)       // answered 503 with Retry-After: 1, sleeps on clock
/// try await clock.waitUntilSleeping()      // the client is waiting now
/// clock.advance(by: .seconds(1))
/// #expect(try await status == 200)
/// ```
///
/// Real time stays the default: a host without a clock delays on real time.
public final class ManualClock: Clock, Sendable {
    /// A moment on a manual clock: how far the test has moved it since it was made.
    public struct Instant: InstantProtocol, Sendable {
        /// Time moved since the clock was made.
        public var offset: Duration

        /// The instant `offset` after the clock was made.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    /// What ``waitUntilSleeping(_:timeout:)`` throws when the sleepers do not come in time.
    public struct SleepersDidNotArrive: Error, Sendable, CustomStringConvertible {
        /// How many sleepers were waited for.
        public var expected: Int
        /// How many were sleeping when the time ran out.
        public var sleeping: Int
        /// The real time waited.
        public var timeout: Duration

        public var description: String {
            "ManualClock: waited \(timeout) of real time for \(expected) sleeper(s); \(sleeping) were sleeping. Is the code under test sleeping on this clock (not Task.sleep or another clock)?"
        }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var wake: @Sendable () -> Void
    }

    private struct Watcher {
        var count: Int
        var wake: @Sendable () -> Void
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var watchers: [Watcher] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// A clock at its zero instant, with nothing sleeping.
    public init() {}

    /// Where the test has moved the clock to.
    public var now: Instant { state.withLock { $0.now } }

    /// Any duration can be slept; nothing is rounded.
    public var minimumResolution: Duration { .zero }

    /// How many sleeps (the code's and the stubs' delays) wait for the clock to move.
    public var sleeping: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the test moves the clock to `deadline` or past it; at once if it is there.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                schedule(id: id, at: deadline) { continuation.resume() }
                // Cancelled before it was scheduled: the handler found nothing to wake.
                if Task.isCancelled { wakeEarly(id) }
            }
        } onCancel: {
            wakeEarly(id)
        }
        try Task.checkCancellation()
    }

    /// Runs `work` once the clock has moved `delay` on from now (at once for no delay), on the
    /// thread that moves it; a stub's delay on a host with this clock is scheduled this way.
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        schedule(id: id, at: now.advanced(by: delay), work)
    }

    /// Moves the clock on by `duration` and wakes every sleeper now due, earliest first.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: max(duration, .zero))
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.wake() }
    }

    /// Waits, in real time and without polling, until at least `count` sleeps wait for the clock:
    /// the moment to ``advance(by:)``, since moving it before the code sleeps would leave the
    /// code waiting for a later move.
    /// - Throws: ``SleepersDidNotArrive`` after `timeout` of real time.
    public func waitUntilSleeping(_ count: Int = 1, timeout: Duration = .seconds(5)) async throws {
        let arrived = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = ResumeOnce(continuation)
            let already = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.watchers.append(Watcher(count: count) { once.resume(true) })
                return false
            }
            if already { return once.resume(true) }
            Task {
                try? await Task.sleep(for: timeout)
                once.resume(false)
            }
        }
        guard !arrived else { return }
        throw SleepersDidNotArrive(expected: count, sleeping: sleeping, timeout: timeout)
    }

    private func schedule(id: UInt64, at deadline: Instant, _ wake: @escaping @Sendable () -> Void) {
        let (dueNow, watchers) = state.withLock { state -> (Bool, [Watcher]) in
            if deadline <= state.now { return (true, []) }
            state.sleepers.append(Sleeper(id: id, deadline: deadline, wake: wake))
            let count = state.sleepers.count
            let ready = state.watchers.filter { $0.count <= count }
            state.watchers.removeAll { $0.count <= count }
            return (false, ready)
        }
        if dueNow { wake() }
        for watcher in watchers { watcher.wake() }
    }

    /// Wakes a cancelled sleeper at once (it then throws `CancellationError`).
    private func wakeEarly(_ id: UInt64) {
        let sleeper = state.withLock { state -> Sleeper? in
            guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
            return state.sleepers.remove(at: index)
        }
        sleeper?.wake()
    }
}
