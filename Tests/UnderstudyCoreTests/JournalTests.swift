import Foundation
import Synchronization
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

@Suite struct JournalTests {
    func event(_ url: String, matched: Bool = true) -> ServeEvent {
        let req = request("GET", url)
        return ServeEvent(
            id: req.id, request: req, stub: matched ? StubMapping() : nil, responseDefinition: ResponseDefinition())
    }

    @Test func isBoundedAndKeepsTheNewest() {
        let journal = RequestJournal(capacity: 3)
        for i in 0..<5 { journal.record(event("/\(i)")) }
        #expect(journal.events.map(\.request.url) == ["/2", "/3", "/4"])
    }

    /// Found in one pass over a ring that has wrapped; ids no longer kept are left out.
    @Test func recentEventsAreTheKeptOnesOldestFirst() {
        let journal = RequestJournal(capacity: 3)
        let events = (0..<5).map { event("/\($0)") }
        for event in events { journal.record(event) }
        let asked = [events[4].id, events[0].id, events[2].id, UUID()]
        #expect(journal.recentEvents(ids: asked).map(\.request.url) == ["/2", "/4"])
        #expect(journal.recentEvents(ids: []).isEmpty)
    }

    @Test func capacityZeroDisablesIt() {
        let journal = RequestJournal(capacity: 0)
        journal.record(event("/a"))
        #expect(journal.events.isEmpty)
        #expect(!journal.isEnabled)
    }

    @Test func defaultsToTenThousand() {
        #expect(RequestJournal().capacity == 10_000)
    }

    @Test func findCountAndRemoveByPattern() throws {
        let journal = RequestJournal()
        for url in ["/a/1", "/b", "/a/2"] { journal.record(event(url)) }
        let pattern = try RequestPattern(json: JSONParser.parse(#"{"urlPathPattern":"/a/.*"}"#))
        #expect(journal.count(matching: pattern) == 2)
        #expect(journal.requests(matching: pattern).map(\.url) == ["/a/1", "/a/2"])
        #expect(journal.removeAll { pattern.matches(MatchContext(request: $0.request)) }.count == 2)
        #expect(journal.events.map(\.request.url) == ["/b"])
    }

    @Test func completingAfterWrapAroundFindsTheEvent() {
        let journal = RequestJournal(capacity: 2)
        var last = event("/x")
        for i in 0..<5 {
            last = event("/\(i)")
            journal.record(last)
        }
        journal.complete(last.id, response: LoggedResponse(status: 418))
        #expect(journal.event(id: last.id)?.response?.status == 418)
    }

    @Test func unmatchedEventsAreListed() {
        let journal = RequestJournal()
        journal.record(event("/hit"))
        journal.record(event("/miss", matched: false))
        #expect(journal.unmatchedEvents.map(\.request.url) == ["/miss"])
    }

    @Test func observersHearEveryNewEventUntilCancelled() {
        let journal = RequestJournal()
        let seen = Mutex<[String]>([])
        let token = journal.observe { e in seen.withLock { $0.append(e.request.url) } }
        journal.record(event("/1"))
        token.cancel()
        journal.record(event("/2"))
        #expect(seen.withLock { $0 } == ["/1"])
    }

    @Test func completionObserversHearEveryCompletionEvenWhenTheJournalKeepsNothing() {
        let journal = RequestJournal(capacity: 0)
        let heard = Mutex<[Int]>([])
        let token = journal.observeCompletions { completion in heard.withLock { $0.append(completion.response.status) }
        }
        let first = event("/a")
        journal.record(first)
        journal.complete(
            first.id, response: LoggedResponse(status: 201), subEvents: [SubEvent(type: "NOTE", data: [:])])
        token.cancel()
        journal.complete(first.id, response: LoggedResponse(status: 202))
        #expect(heard.withLock { $0 } == [201])
    }

    @Test func engineJournalsMatchedAndUnmatchedRequestsBeforeAnswering() throws {
        let engine = StubEngine()
        try engine.store.add(try stub(#"{"request":{"urlPath":"/slow"},"response":{"fixedDelayMilliseconds":5000}}"#))
        let decision = engine.served(request("GET", "/slow"))
        // The request is in the journal although its (delayed) response has not gone out.
        #expect(engine.journal.events.count == 1)
        #expect(engine.journal.events.first?.response == nil)
        #expect(decision.delay == .seconds(5))
        _ = engine.served(request("GET", "/nothing"))
        #expect(engine.journal.unmatchedEvents.count == 1)
        engine.complete(decision)
        #expect(engine.journal.event(id: decision.eventID)?.response?.status == 200)
    }

    @Test func stubDelayReplacesTheGlobalOneAndDistributionsAdd() throws {
        let engine = StubEngine(settings: GlobalSettings(fixedDelay: 100))
        try engine.store.add(
            try stub(
                #"{"request":{"urlPath":"/own"},"response":{"fixedDelayMilliseconds":10,"delayDistribution":{"type":"uniform","lower":5,"upper":5}}}"#
            ))
        try engine.store.add(try stub(#"{"request":{"urlPath":"/global"}}"#))
        #expect(engine.served(request("GET", "/own")).delay == .milliseconds(15))
        #expect(engine.served(request("GET", "/global")).delay == .milliseconds(100))
    }
}

@Suite struct UUIDTextTests {
    @Test func lowercasedStringMatchesFoundation() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(id.lowercasedString == id.uuidString.lowercased())
        }
        #expect(FastUUID.next().lowercasedString.count == 36)
    }
}
