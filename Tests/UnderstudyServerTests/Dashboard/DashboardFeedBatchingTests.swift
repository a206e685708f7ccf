import Foundation
import NIOPosix
import Synchronization
import Testing
import UnderstudyCore
import UnderstudyJSON

@testable import UnderstudyServer

/// The feed's batching, on a journal alone.
@Suite struct DashboardFeedBatchingTests {
    /// A burst becomes a few batches, each summarising at most `maxRequestsPerBatch` requests and
    /// counting the rest as skipped; nothing is lost from the count.
    @Test func aBurstIsCoalesced() async throws {
        // A loop of its own: the shared ones are busy with the whole suite's servers.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let journal = RequestJournal()
        let feed = DashboardFeed(journal: journal, store: StubStore(), loop: group.next(), offLoop: InPlaceOffLoop())
        let received = Mutex<[String]>([])
        let id = feed.subscribe { text in received.withLock { $0.append(text) } }
        let burst = 1000
        for index in 0..<burst {
            let request = LoggedRequest(method: "GET", url: "/burst/\(index)")
            journal.record(ServeEvent(id: request.id, request: request, stub: nil, responseDefinition: .init()))
            journal.complete(request.id, response: LoggedResponse(status: 404))
        }
        let deadline = ContinuousClock.now + .seconds(90)
        var accounted = 0
        while ContinuousClock.now < deadline {
            accounted = Self.accounted(received.withLock { $0 })
            if accounted >= burst { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let batches = received.withLock { $0 }
        #expect(accounted == burst)
        #expect(batches.count < burst / 10, "one batch per request is what batching is there to avoid")
        for batch in batches {
            let summaries = DashboardFeedTests.data(of: "requests", in: batch)?["requests"]?.arrayValue ?? []
            #expect(summaries.count <= DashboardFeed.maxRequestsPerBatch)
        }
        feed.unsubscribe(id)
        try await group.shutdownGracefully()
    }

    @Test func anUnsubscribedFeedStopsObserving() {
        let feed = DashboardFeed(journal: RequestJournal(), store: StubStore())
        let first = feed.subscribe { _ in }
        let second = feed.subscribe { _ in }
        feed.unsubscribe(first)
        #expect(feed.isObservingJournal)
        feed.unsubscribe(second)
        #expect(!feed.isObservingJournal)
        #expect(!feed.hasSubscribers)
    }

    /// Summaries plus skipped requests over every batch received.
    static func accounted(_ batches: [String]) -> Int {
        batches.reduce(0) { total, batch in
            guard let data = DashboardFeedTests.data(of: "requests", in: batch) else { return total }
            return total + (data["requests"]?.arrayValue?.count ?? 0) + (data["skipped"]?.numberValue?.intValue ?? 0)
        }
    }
}
