import Foundation
import Synchronization
import UnderstudyCore
import UnderstudyJSON

/// The dashboard's live feed for one server: what changed (new journal entries, stubs, scenarios),
/// gathered in batches and pushed to every open page as server-sent events.
///
/// Nothing is watched while no page is open: the journal observer is added with the first
/// subscriber and cancelled with the last, so a server nobody looks at pays nothing. While pages
/// are open, a request costs one lock and an array append; the event text is built at most once
/// per ``batchInterval``, off the event loops, and only the newest ``maxRequestsPerBatch`` entries
/// are summarised (the page reloads the journal when told some were skipped).
final class DashboardFeed: Sendable {
    /// How long changes gather before they go out: one batch, not one event per request.
    static let batchInterval: Duration = .milliseconds(150)
    /// A batch summarises at most this many requests; older ones in it are counted as skipped.
    static let maxRequestsPerBatch = 200

    /// Gets the bytes of each batch; called off the event loops.
    typealias Subscriber = @Sendable (String) -> Void

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        var observation: ObservationToken?
        var pendingRequests: [UUID] = []
        var skippedRequests = 0
        var stubsChanged = false
        var scenariosChanged = false
        var flushScheduled = false
    }

    private let journal: RequestJournal
    private let state = Mutex(State())
    /// Read on every admin write without taking the lock.
    private let subscriberCount = Atomic<Int>(0)
    /// How many batches were built: for tests that must see that none are built without a page.
    let batchesBuilt = Atomic<Int>(0)

    init(journal: RequestJournal) {
        self.journal = journal
    }

    var hasSubscribers: Bool { subscriberCount.load(ordering: .relaxed) > 0 }

    /// True while the journal is watched for the feed (from the first page opened to the last closed).
    var isObservingJournal: Bool { state.withLock { $0.observation != nil } }

    /// Adds a page; the first one starts the journal observation. Returns the id to unsubscribe with.
    func subscribe(_ subscriber: @escaping Subscriber) -> Int {
        let (id, startsObserving) = state.withLock { state -> (Int, Bool) in
            state.nextID += 1
            state.subscribers[state.nextID] = subscriber
            subscriberCount.store(state.subscribers.count, ordering: .relaxed)
            return (state.nextID, state.observation == nil)
        }
        if startsObserving {
            // Completions, not arrivals: a summary wants the status and the time taken.
            let token = journal.observeCompletions { [weak self] completion in self?.requestCompleted(completion.id) }
            let surplus = state.withLock { state -> ObservationToken? in
                guard state.observation == nil, !state.subscribers.isEmpty else { return token }
                state.observation = token
                return nil
            }
            surplus?.cancel()
        }
        return id
    }

    /// Removes a page; the last one stops the observation and drops what was pending.
    func unsubscribe(_ id: Int) {
        let token = state.withLock { state -> ObservationToken? in
            state.subscribers.removeValue(forKey: id)
            subscriberCount.store(state.subscribers.count, ordering: .relaxed)
            guard state.subscribers.isEmpty else { return nil }
            defer {
                state.observation = nil
                state.pendingRequests = []
                state.skippedRequests = 0
                state.stubsChanged = false
                state.scenariosChanged = false
            }
            return state.observation
        }
        token?.cancel()
    }

    /// An admin call that may have changed stubs or scenarios was answered.
    func adminWriteAnswered() {
        guard hasSubscribers else { return }
        note { state in
            state.stubsChanged = true
            state.scenariosChanged = true
        }
    }

    private func requestCompleted(_ id: UUID) {
        note { state in
            state.pendingRequests.append(id)
            if state.pendingRequests.count > Self.maxRequestsPerBatch * 2 {
                // Keep the newest; the page is told how many it did not get.
                let surplus = state.pendingRequests.count - Self.maxRequestsPerBatch
                state.pendingRequests.removeFirst(surplus)
                state.skippedRequests += surplus
            }
        }
    }

    private func note(_ change: (inout State) -> Void) {
        let schedule = state.withLock { state -> Bool in
            guard !state.subscribers.isEmpty else { return false }
            change(&state)
            guard !state.flushScheduled else { return false }
            state.flushScheduled = true
            return true
        }
        guard schedule else { return }
        // A timer task on the cooperative pool: it sleeps without holding a thread, and the batch it
        // builds is small (at most `maxRequestsPerBatch` summaries).
        Task { [weak self] in
            try? await Task.sleep(for: Self.batchInterval)
            self?.flush()
        }
    }

    /// Builds one batch and hands it to every page.
    func flush() {
        let taken = state.withLock { state in
            defer {
                state.pendingRequests = []
                state.skippedRequests = 0
                state.stubsChanged = false
                state.scenariosChanged = false
                state.flushScheduled = false
            }
            return (
                requests: state.pendingRequests, skipped: state.skippedRequests, stubs: state.stubsChanged,
                scenarios: state.scenariosChanged, subscribers: Array(state.subscribers.values)
            )
        }
        guard !taken.subscribers.isEmpty else { return }
        batchesBuilt.add(1, ordering: .relaxed)
        var skipped = taken.skipped + max(0, taken.requests.count - Self.maxRequestsPerBatch)
        var scenariosChanged = taken.scenarios
        var summaries: [JSONValue] = []
        for id in taken.requests.suffix(Self.maxRequestsPerBatch) {
            guard let event = journal.recentEvent(id: id) else {
                skipped += 1
                continue
            }
            if event.stub?.scenarioName != nil { scenariosChanged = true }
            summaries.append(DashboardRequestSummary.json(for: event))
        }
        var text = ""
        if !summaries.isEmpty || skipped > 0 {
            text += DashboardEventText.event("requests", ["requests": .array(summaries), "skipped": .int(skipped)])
        }
        if taken.stubs { text += DashboardEventText.event("stubs", [:]) }
        if scenariosChanged { text += DashboardEventText.event("scenarios", [:]) }
        guard !text.isEmpty else { return }
        for subscriber in taken.subscribers { subscriber(text) }
    }
}
