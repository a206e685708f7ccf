import Foundation
import Synchronization

/// Every request a stub world received, newest last, bounded so memory stays flat under load.
///
/// Requests are recorded as they arrive, before any delay, so a test can see a request that is
/// still waiting for its response. Observers are told of each new event (for event-driven waits).
public final class RequestJournal: Sendable {
    /// WireMock's journal is unbounded; ours keeps the newest 10,000 by default.
    public static let defaultCapacity = 10_000

    struct State {
        var events: [ServeEvent] = []
        /// Index of the oldest event once the ring is full.
        var head = 0
        var capacity: Int
        var observers = ObserverList<@Sendable (ServeEvent) -> Void>()
        var completionObservers = ObserverList<@Sendable (ServeEventCompletion) -> Void>()
        var subEventObservers = ObserverList<@Sendable (UUID, [SubEvent]) -> Void>()
        /// How many events were dropped to keep within capacity.
        var dropped = 0
    }

    private let state: Mutex<State>
    /// Contract violations noted with these requests; cleared with the journal.
    public let contractViolations = ContractViolationLog()

    /// - Parameter capacity: how many events to keep; 0 disables the journal.
    public init(capacity: Int = RequestJournal.defaultCapacity) {
        state = Mutex(State(capacity: max(0, capacity)))
    }

    /// A journal holding `events` (oldest first; the newest `capacity` of them), filled at once:
    /// a view of requests kept elsewhere (a fleet's shared journal) costs no lock per event.
    public init(capacity: Int, events: [ServeEvent]) {
        var state = State(capacity: max(0, capacity))
        state.events = Array(events.suffix(state.capacity))
        self.state = Mutex(state)
    }

    /// False when the journal keeps nothing (`--no-journal`).
    public var isEnabled: Bool { state.withLock { $0.capacity > 0 } }
    /// How many events it keeps before dropping the oldest.
    public var capacity: Int { state.withLock { $0.capacity } }

    /// Records an event, dropping the oldest when full, then tells observers.
    public func record(_ event: ServeEvent) {
        // The oldest event, once full, is swapped out here and freed after the lock is let go:
        // freeing its request, body and report is most of the time spent holding it.
        var slot = event
        let observers = state.withLock { state -> [@Sendable (ServeEvent) -> Void] in
            if state.capacity > 0 {
                if state.events.count < state.capacity {
                    state.events.append(slot)
                } else {
                    swap(&state.events[state.head], &slot)
                    state.head = (state.head + 1) % state.capacity
                    state.dropped += 1
                }
            }
            return state.observers.handlers
        }
        for observer in observers { observer(event) }
    }

    /// Fills in what was sent once the response is out (no-op if the event was dropped), then
    /// tells completion observers (even when it was dropped, or the journal is disabled).
    public func complete(_ id: UUID, response: LoggedResponse, timing: ServeTiming? = nil, subEvents: [SubEvent] = []) {
        let observers = state.withLock { state -> [@Sendable (ServeEventCompletion) -> Void] in
            let observers = state.completionObservers.handlers
            // The event is almost always among the newest, so search backwards from there.
            let n = state.events.count
            var found: Int?
            for k in 0..<n {
                let i = (state.head - 1 - k + 2 * n) % n
                if state.events[i].id == id {
                    found = i
                    break
                }
            }
            guard let index = found else { return observers }
            state.events[index].response = response
            if let timing { state.events[index].timing = timing }
            state.events[index].subEvents.append(contentsOf: subEvents)
            return observers
        }
        guard !observers.isEmpty else { return }
        let completion = ServeEventCompletion(id: id, response: response, timing: timing, subEvents: subEvents)
        for observer in observers { observer(completion) }
    }

    /// Adds notes to an event after its response is out (a webhook's outcome, say), then tells
    /// sub-event observers (even when the event was dropped).
    public func append(_ subEvents: [SubEvent], to id: UUID) {
        let observers = state.withLock { state -> [@Sendable (UUID, [SubEvent]) -> Void] in
            if let index = state.indexFromNewest(of: id) { state.events[index].subEvents.append(contentsOf: subEvents) }
            return state.subEventObservers.handlers
        }
        for observer in observers { observer(id, subEvents) }
    }

    /// The event with this id, looked for from the newest (where a request just answered is).
    public func recentEvent(id: UUID) -> ServeEvent? {
        state.withLock { state in state.indexFromNewest(of: id).map { state.events[$0] } }
    }

    /// The events with these ids that are still kept, oldest first, found in one pass from the
    /// newest under one lock (a feed summarising the latest requests asks for many at once).
    public func recentEvents(ids: [UUID]) -> [ServeEvent] {
        guard !ids.isEmpty else { return [] }
        var wanted = Set(ids)
        return state.withLock { state in
            var found: [ServeEvent] = []
            let n = state.events.count
            for k in 0..<n where !wanted.isEmpty {
                let index = (state.head - 1 - k + 2 * n) % n
                if wanted.remove(state.events[index].id) != nil { found.append(state.events[index]) }
            }
            return found.reversed()
        }
    }

    /// Calls `handler` with each event's id and the notes ``append(_:to:)`` adds, until the token is cancelled.
    public func observeSubEvents(_ handler: @escaping @Sendable (UUID, [SubEvent]) -> Void) -> ObservationToken {
        let id = UUID()
        state.withLock { $0.subEventObservers.add(handler, id: id) }
        return ObservationToken { [weak self] in
            self?.state.withLock { $0.subEventObservers.remove(id) }
        }
    }

    /// Every event, oldest first.
    public var events: [ServeEvent] {
        state.withLock { state in
            guard state.head > 0 else { return state.events }
            return Array(state.events[state.head...] + state.events[..<state.head])
        }
    }

    /// The event with this id, if still kept.
    public func event(id: UUID) -> ServeEvent? {
        state.withLock { $0.events.first { $0.id == id } }
    }

    /// How many events are kept.
    public var count: Int { state.withLock { $0.events.count } }

    /// Requests that matched `pattern`, oldest first.
    public func requests(matching pattern: RequestPattern) -> [LoggedRequest] {
        events.map(\.request).filter { pattern.matches(MatchContext(request: $0)) }
    }

    /// How many kept requests match `pattern`.
    public func count(matching pattern: RequestPattern) -> Int {
        requests(matching: pattern).count
    }

    /// Events no stub matched, oldest first.
    public var unmatchedEvents: [ServeEvent] { events.filter { !$0.wasMatched } }

    /// Removes the events whose request satisfies `predicate`; returns them.
    @discardableResult
    public func removeAll(where predicate: (ServeEvent) -> Bool) -> [ServeEvent] {
        state.withLock { state in
            let ordered =
                state.head > 0 ? Array(state.events[state.head...] + state.events[..<state.head]) : state.events
            var kept: [ServeEvent] = []
            var removed: [ServeEvent] = []
            for event in ordered {
                if predicate(event) { removed.append(event) } else { kept.append(event) }
            }
            state.events = kept
            state.head = 0
            return removed
        }
    }

    /// Removes the event with this id; returns it, or nil when there was none.
    @discardableResult
    public func remove(id: UUID) -> ServeEvent? {
        removeAll { $0.id == id }.first
    }

    /// Forgets every event.
    public func reset() {
        state.withLock { state in
            state.events = []
            state.head = 0
        }
        contractViolations.removeAll()
    }

    /// Changes the capacity, keeping the newest events that fit.
    public func setCapacity(_ capacity: Int) {
        state.withLock { state in
            let ordered =
                state.head > 0 ? Array(state.events[state.head...] + state.events[..<state.head]) : state.events
            state.capacity = max(0, capacity)
            state.events = Array(ordered.suffix(state.capacity))
            state.head = 0
        }
    }

    /// Calls `handler` for every completion from now on (see ``complete(_:response:timing:subEvents:)``),
    /// until the token is cancelled. With ``observe(_:)`` this follows every exchange whatever the
    /// journal keeps: a recorder needs all of them, not the newest `capacity`.
    public func observeCompletions(_ handler: @escaping @Sendable (ServeEventCompletion) -> Void) -> ObservationToken {
        let id = UUID()
        state.withLock { $0.completionObservers.add(handler, id: id) }
        return ObservationToken { [weak self] in
            self?.state.withLock { $0.completionObservers.remove(id) }
        }
    }

    /// Calls `handler` for every event recorded from now on, until the token is cancelled.
    public func observe(_ handler: @escaping @Sendable (ServeEvent) -> Void) -> ObservationToken {
        let id = UUID()
        state.withLock { $0.observers.add(handler, id: id) }
        return ObservationToken { [weak self] in
            self?.state.withLock { $0.observers.remove(id) }
        }
    }
}

extension RequestJournal.State {
    func indexFromNewest(of id: UUID) -> Int? {
        let n = events.count
        for k in 0..<n {
            let i = (head - 1 - k + 2 * n) % n
            if events[i].id == id { return i }
        }
        return nil
    }
}

/// What ``RequestJournal/complete(_:response:timing:subEvents:)`` added to an event.
public struct ServeEventCompletion: Sendable {
    /// The event completed.
    public var id: UUID
    /// The response that went out.
    public var response: LoggedResponse
    /// How long each stage took, when measured.
    public var timing: ServeTiming?
    /// The notes added with it.
    public var subEvents: [SubEvent]
}

/// Stops an observation when cancelled.
public final class ObservationToken: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops the observation; later calls do nothing.
    public func cancel() {
        let action = onCancel.withLock { action -> (@Sendable () -> Void)? in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
