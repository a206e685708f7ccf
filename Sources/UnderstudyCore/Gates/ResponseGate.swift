import Foundation
import Synchronization

/// Holds the responses of a stub in flight until a test lets them go, so a client's
/// "in progress" state can be checked while its request is really outstanding.
///
/// A request that reaches a closed gate is journalled as usual, then waits: the transport hands
/// the gate a callback instead of answering (nothing blocks: the server keeps its event loop
/// free, in-process keeps the URLProtocol callback). ``release()`` opens the gate for good;
/// ``release(count:)`` lets that many requests through (waiting ones first, later ones as they
/// come) and stays closed otherwise.
///
/// ```swift
/// let gate = host.stub(.post("/statuses"), .created().held())   // a StubHandle with the gate
/// let posting = Task { try await client.post("hi") }
/// try await gate.waitUntilHolding(1)
/// #expect(model.isPosting)
/// gate.release()
/// ```
public final class ResponseGate: Sendable, Identifiable {
    /// The key in a response's `transformerParameters` that names the gate holding it.
    public static let parameterName = "understudyHeldBy"

    private struct State {
        var isOpen = false
        var passes = 0
        var held: [(id: UUID, proceed: @Sendable () -> Void)] = []
        var watchers: [(id: UUID, count: Int, resume: @Sendable () -> Void)] = []
    }

    /// Identifies the gate in the stub's JSON (`transformerParameters.understudyHeldBy`).
    public let id: GateID
    private let state = Mutex(State())

    /// A closed gate. Engines make theirs through ``ResponseGates/adopt(_:)``, which is how
    /// their transports find it.
    public init(id: GateID = GateID()) {
        self.id = id
    }

    /// How many requests are waiting at the gate now.
    public var waiting: Int { state.withLock { $0.held.count } }

    /// True once ``release()`` has opened the gate for good.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Lets every waiting request go and every later one through.
    public func release() {
        let released = state.withLock { state in
            state.isOpen = true
            defer { state.held = [] }
            return state.held.map(\.proceed)
        }
        for proceed in released { proceed() }
    }

    /// Lets `count` requests go: waiting ones first (oldest first), then later ones as they
    /// arrive, until `count` have passed. The gate stays closed for the rest.
    public func release(count: Int) {
        guard count > 0 else { return }
        let released = state.withLock { state in
            let now = min(count, state.held.count)
            state.passes += count - now
            defer { state.held.removeFirst(now) }
            return state.held.prefix(now).map(\.proceed)
        }
        for proceed in released { proceed() }
    }

    /// Called by a transport for a request whose stub this gate holds: runs `proceed` now when
    /// the gate is open (or has a pass left), or once it is released.
    public func hold(_ proceed: @escaping @Sendable () -> Void) {
        let (passNow, watchers) = state.withLock { state -> (Bool, [@Sendable () -> Void]) in
            if state.isOpen { return (true, []) }
            if state.passes > 0 {
                state.passes -= 1
                return (true, [])
            }
            state.held.append((UUID(), proceed))
            let count = state.held.count
            let due = state.watchers.filter { $0.count <= count }.map(\.resume)
            state.watchers.removeAll { $0.count <= count }
            return (false, due)
        }
        for resume in watchers { resume() }
        if passNow { proceed() }
    }

    /// Waits, without polling, until at least `count` requests are held at the gate.
    /// - Throws: ``ResponseGateTimeout`` when `timeout` passes first.
    public func waitUntilHolding(_ count: Int = 1, timeout: Duration = .seconds(5)) async throws {
        let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watcher = UUID()
        let reached = state.withLock { state -> Bool in
            if state.held.count >= count { return true }
            state.watchers.append((watcher, count, { continuation.yield() }))
            return false
        }
        if reached { return }
        let arrived = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in signals { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        continuation.finish()
        // A watcher that timed out is not left behind for a later `hold` to call.
        state.withLock { $0.watchers.removeAll { $0.id == watcher } }
        guard arrived else {
            throw ResponseGateTimeout(expected: count, held: waiting, timeout: timeout)
        }
    }

}

/// A gate did not hold the expected number of requests in time.
public struct ResponseGateTimeout: Error, Sendable, CustomStringConvertible {
    /// How many held requests were awaited.
    public var expected: Int
    /// How many were held when the time ran out.
    public var held: Int
    /// How long the wait lasted.
    public var timeout: Duration

    /// A time-out after waiting `timeout` for `expected` held requests, with `held` there.
    public init(expected: Int, held: Int, timeout: Duration) {
        self.expected = expected
        self.held = held
        self.timeout = timeout
    }

    /// What was awaited and what there was.
    public var description: String {
        "Timed out after \(timeout) waiting for \(expected) request\(expected == 1 ? "" : "s") to be held at the gate; \(held) held."
    }
}
