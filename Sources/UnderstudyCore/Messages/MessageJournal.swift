import Foundation
import Synchronization

/// Every message received or sent on a channel, oldest first, bounded like the request journal.
public final class MessageJournal: Sendable {
    /// How many messages are kept unless told otherwise.
    public static let defaultCapacity = 10_000

    private struct State {
        /// A ring once full: `head` is the oldest event then, so recording never shifts the array.
        var events: [MessageServeEvent] = []
        var head = 0
        var capacity: Int
        var observers = ObserverList<@Sendable (MessageServeEvent) -> Void>()

        var ordered: [MessageServeEvent] {
            head == 0 ? events : Array(events[head...] + events[..<head])
        }

        /// Appends, or puts it in the oldest's place once full and returns the oldest, for the
        /// caller to free after letting the lock go (freeing an event's request and message is
        /// most of the time spent holding it).
        mutating func keep(_ event: consuming MessageServeEvent) -> MessageServeEvent? {
            if events.count < capacity {
                events.append(consume event)
                return nil
            }
            guard capacity > 0 else { return nil }
            var oldest = consume event
            swap(&events[head], &oldest)
            head = (head + 1) % capacity
            return oldest
        }

        /// Back to a plain array, oldest first, for the rare edits in the middle.
        mutating func straighten() {
            events = ordered
            head = 0
        }
    }

    private let state: Mutex<State>

    /// - Parameter capacity: how many messages to keep (the oldest go first).
    public init(capacity: Int = MessageJournal.defaultCapacity) {
        state = Mutex(State(capacity: max(0, capacity)))
    }

    /// Records a message, then tells the observers.
    public func record(_ event: MessageServeEvent) { record { event } }

    /// Records the event `make` builds, then tells the observers. Built under the lock, the event
    /// goes into the ring as it is, with no copy of its fields to make and drop (two per message).
    func record(_ make: () -> MessageServeEvent) {
        typealias Observer = @Sendable (MessageServeEvent) -> Void
        // The dropped oldest event is freed here, with the lock let go.
        let (told, observers, _) = state.withLock {
            state -> (MessageServeEvent?, [Observer], MessageServeEvent?) in
            let event = make()
            // Most of the time nobody waits: no array to make then.
            guard !state.observers.isEmpty else {
                // Moved into the ring: no copy to retain and release.
                let dropped = state.keep(consume event)
                return (nil, [], dropped)
            }
            let dropped = state.keep(event)
            return (event, state.observers.handlers, dropped)
        }
        if let told { for observer in observers { observer(told) } }
    }

    /// The newest `capacity` messages, oldest first.
    public var events: [MessageServeEvent] { state.withLock { $0.ordered } }

    /// The kept messages that match `pattern`, oldest first.
    public func events(matching pattern: MessagePattern) -> [MessageServeEvent] {
        events.filter(pattern.matches)
    }

    /// How many kept messages match `pattern`.
    public func count(matching pattern: MessagePattern) -> Int { events(matching: pattern).count }

    /// The kept message with this id, if any.
    public func event(id: UUID) -> MessageServeEvent? { state.withLock { $0.events.first { $0.id == id } } }

    /// Removes the message with this id; returns it, or nil when there was none.
    @discardableResult
    public func remove(id: UUID) -> MessageServeEvent? {
        state.withLock { state in
            state.straighten()
            guard let index = state.events.firstIndex(where: { $0.id == id }) else { return nil }
            return state.events.remove(at: index)
        }
    }

    /// Removes the messages that satisfy `predicate` and returns them.
    @discardableResult
    public func removeAll(where predicate: (MessageServeEvent) -> Bool) -> [MessageServeEvent] {
        state.withLock { state in
            state.straighten()
            let doomed = state.events.filter(predicate)
            state.events.removeAll(where: predicate)
            return doomed
        }
    }

    /// Forgets every message.
    public func reset() {
        state.withLock {
            $0.events = []
            $0.head = 0
        }
    }

    /// Calls `handler` for every message recorded from now on, until the token is cancelled.
    public func observe(_ handler: @escaping @Sendable (MessageServeEvent) -> Void) -> ObservationToken {
        let id = UUID()
        state.withLock { $0.observers.add(handler, id: id) }
        return ObservationToken { [weak self] in
            self?.state.withLock { $0.observers.remove(id) }
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
