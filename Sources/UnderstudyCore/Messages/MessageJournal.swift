import Foundation
import Synchronization

/// Every message received or sent on a channel, oldest first, bounded like the request journal.
public final class MessageJournal: Sendable {
    public static let defaultCapacity = 10_000

    private struct State {
        var events: [MessageServeEvent] = []
        var capacity: Int
        var observers: [UUID: @Sendable (MessageServeEvent) -> Void] = [:]
    }

    private let state: Mutex<State>

    /// - Parameter capacity: how many messages to keep (the oldest go first).
    public init(capacity: Int = MessageJournal.defaultCapacity) {
        state = Mutex(State(capacity: max(0, capacity)))
    }

    /// Records a message, then tells the observers.
    public func record(_ event: MessageServeEvent) {
        let observers = state.withLock { state -> [@Sendable (MessageServeEvent) -> Void] in
            guard state.capacity > 0 else { return Array(state.observers.values) }
            state.events.append(event)
            // Drop in batches, so a full journal does not shift its array on every message.
            if state.events.count > state.capacity + state.capacity / 8 {
                state.events.removeFirst(state.events.count - state.capacity)
            }
            return Array(state.observers.values)
        }
        for observer in observers { observer(event) }
    }

    /// The newest `capacity` messages, oldest first.
    public var events: [MessageServeEvent] {
        state.withLock { Array($0.events.suffix($0.capacity)) }
    }

    public func events(matching pattern: MessagePattern) -> [MessageServeEvent] {
        events.filter(pattern.matches)
    }

    public func count(matching pattern: MessagePattern) -> Int { events(matching: pattern).count }

    public func event(id: UUID) -> MessageServeEvent? { state.withLock { $0.events.last { $0.id == id } } }

    @discardableResult
    public func remove(id: UUID) -> MessageServeEvent? {
        state.withLock { state in
            guard let index = state.events.lastIndex(where: { $0.id == id }) else { return nil }
            return state.events.remove(at: index)
        }
    }

    /// Removes the messages that satisfy `predicate` and returns them.
    @discardableResult
    public func removeAll(where predicate: (MessageServeEvent) -> Bool) -> [MessageServeEvent] {
        state.withLock { state in
            let doomed = state.events.filter(predicate)
            state.events.removeAll(where: predicate)
            return doomed
        }
    }

    public func reset() { state.withLock { $0.events = [] } }

    /// Calls `handler` for every message recorded from now on, until the token is cancelled.
    public func observe(_ handler: @escaping @Sendable (MessageServeEvent) -> Void) -> ObservationToken {
        let id = UUID()
        state.withLock { $0.observers[id] = handler }
        return ObservationToken { [weak self] in
            self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
        }
    }
}

extension MessageJournal {
    /// Blocks the calling thread until `count` messages match or `timeout` passes, and returns
    /// the first `count` that match by then (fewer on a time-out). For the admin API's waits,
    /// which run on a thread pool made for blocking work; never call it on an event loop or
    /// from Swift's cooperative pool.
    public func waitBlocking(for pattern: MessagePattern, count: Int, timeout: Duration) -> [MessageServeEvent] {
        let semaphore = DispatchSemaphore(value: 0)
        let token = observe { if pattern.matches($0) { semaphore.signal() } }
        defer { token.cancel() }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let deadline = DispatchTime.now() + max(0, seconds)
        while true {
            let found = events(matching: pattern)
            if found.count >= count { return Array(found.prefix(count)) }
            if semaphore.wait(timeout: deadline) == .timedOut {
                return Array(events(matching: pattern).prefix(count))
            }
        }
    }
}
