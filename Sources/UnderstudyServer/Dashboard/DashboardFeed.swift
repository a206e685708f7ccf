import Foundation
import NIOCore
import NIOPosix
import Synchronization
import UnderstudyCore
import UnderstudyJSON

/// The dashboard's live feed for one server: what changed (new journal entries, stubs, scenarios),
/// gathered in batches and pushed to every open page as server-sent events.
///
/// Nothing is watched while no page is open: the journal observer and the store's watcher start
/// with the first subscriber and stop with the last, so a server nobody looks at pays nothing.
/// The store's watcher compares its change counts every ``storeCheckInterval``, so stubs changed
/// by any route (the admin API, a test's Swift calls, a scenario moved by a request) show. While pages
/// are open, a request costs one lock and an array append; the event text is built at most once
/// per ``batchInterval``, on the thread pool for blocking work (never on an event loop, nor on Swift's
/// cooperative pool, which a test's own code may keep busy), and only the newest ``maxRequestsPerBatch`` entries
/// are summarised (the page reloads the journal when told some were skipped).
final class DashboardFeed: Sendable {
    /// How long changes gather before they go out: one batch, not one event per request.
    static let batchInterval: Duration = .milliseconds(150)
    /// A batch summarises at most this many requests; older ones in it are counted as skipped.
    static let maxRequestsPerBatch = 200
    /// How often the stub store's change counts are compared while a page is open.
    static let storeCheckInterval: Duration = .milliseconds(250)

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
        /// Compares the store's change counts while a page is open.
        var storeWatch: RepeatedTask?
        var lastCounts: (stubs: Int, scenarios: Int) = (0, 0)
    }

    private let journal: RequestJournal
    private let store: StubStore
    private let state = Mutex(State())
    /// Read on every admin write without taking the lock.
    private let subscriberCount = Atomic<Int>(0)
    /// How many batches were built: for tests that must see that none are built without a page.
    let batchesBuilt = Atomic<Int>(0)

    /// Runs the batch and store-check timers (timers only: the work goes to `offLoop`).
    private let loop: any EventLoop
    private let offLoop: any OffLoopWork

    init(
        journal: RequestJournal, store: StubStore, loop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next(),
        offLoop: any OffLoopWork = ThreadPoolOffLoop()
    ) {
        self.journal = journal
        self.store = store
        self.loop = loop
        self.offLoop = offLoop
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
            let interval = TimeAmount(Self.storeCheckInterval)
            let watch = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { [weak self] _ in
                self?.checkStore()
            }
            let counts = store.changeCounts
            let kept = state.withLock { state -> Bool in
                guard state.observation == nil, !state.subscribers.isEmpty else { return false }
                state.observation = token
                state.storeWatch = watch
                state.lastCounts = counts
                return true
            }
            if !kept {
                token.cancel()
                watch.cancel()
            }
        }
        return id
    }

    /// Removes a page; the last one stops the observation and drops what was pending.
    func unsubscribe(_ id: Int) {
        let (token, watch) = state.withLock { state -> (ObservationToken?, RepeatedTask?) in
            state.subscribers.removeValue(forKey: id)
            subscriberCount.store(state.subscribers.count, ordering: .relaxed)
            guard state.subscribers.isEmpty else { return (nil, nil) }
            defer {
                state.observation = nil
                state.storeWatch = nil
                state.pendingRequests = []
                state.skippedRequests = 0
                state.stubsChanged = false
                state.scenariosChanged = false
            }
            return (state.observation, state.storeWatch)
        }
        token?.cancel()
        watch?.cancel()
    }

    /// Notes stub and scenario changes since the last look (a lock and two integers: cheap enough
    /// for the loop's timer).
    private func checkStore() {
        let now = store.changeCounts
        let (stubs, scenarios) = state.withLock { state -> (Bool, Bool) in
            defer { state.lastCounts = now }
            return (now.stubs != state.lastCounts.stubs, now.scenarios != state.lastCounts.scenarios)
        }
        guard stubs || scenarios else { return }
        note { state in
            state.stubsChanged = state.stubsChanged || stubs
            state.scenariosChanged = state.scenariosChanged || scenarios
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
        let offLoop = self.offLoop
        loop.scheduleTask(in: TimeAmount(Self.batchInterval)) { [weak self] in
            guard let self else { return }
            offLoop.submit { self.flush() }
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
        let wanted = Array(taken.requests.suffix(Self.maxRequestsPerBatch))
        let events = journal.recentEvents(ids: wanted)
        skipped += wanted.count - events.count
        var summaries: [JSONValue] = []
        summaries.reserveCapacity(events.count)
        for event in events {
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
