import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyFleet

/// What a node holds for the shared journal, step by step, no database: a response or a note
/// finds its request's row wherever the row is, and nothing is lost, kept twice or remembered
/// for ever.
struct FleetJournalQueueTests {
    static func event(_ path: String) -> ServeEvent {
        ServeEvent(
            request: LoggedRequest(method: "GET", url: path), stub: nil,
            responseDefinition: ServeEvent.notMatchedResponse)
    }

    /// What the journal reports when the response has gone out.
    struct Completion {
        var id: UUID
        var status: Int
    }

    static func completion(_ event: ServeEvent, status: Int = 200) -> Completion {
        Completion(id: event.id, status: status)
    }

    static let webhook = [SubEvent(type: "WEBHOOK", data: ["status": 202])]

    @Test func aResponseWhileQueuedLandsOnTheRow() {
        var queue = FleetJournalQueue(limit: 10)
        let served = Self.event("/a")
        queue.record(served)
        queue.complete(Self.completion(served))
        queue.note(served.id, Self.webhook)
        let taken = queue.take()
        let rows = queue.prepare(taken.rows[...])
        #expect(rows.first?.response?.status == 200)
        #expect(rows.first?.timing?.processTime == 3)
        #expect(rows.first?.subEvents.map(\.type) == ["INFO", "WEBHOOK"])
        #expect(queue.unanswered.isEmpty)
    }

    /// The window the review found: answered after the flush took the row, before its insert.
    @Test func aResponseAndANoteAfterTheFlushTookTheRowLandOnItWhenItIsPrepared() {
        var queue = FleetJournalQueue(limit: 10)
        let served = Self.event("/b")
        queue.record(served)
        let taken = queue.take()
        queue.complete(Self.completion(served, status: 201))
        queue.note(served.id, Self.webhook)
        let rows = queue.prepare(taken.rows[...])
        #expect(rows.first?.response?.status == 201)
        #expect(rows.first?.subEvents.map(\.type) == ["INFO", "WEBHOOK"])
        #expect(queue.unanswered.isEmpty, "an answered row is not remembered for an update")
        queue.flushed(skippedWritten: taken.skippingWritten)
        #expect(queue.takeAnswered().isEmpty)
    }

    @Test func aRowWrittenWithoutItsResponseGetsAnUpdateOnceAndIsForgotten() {
        var queue = FleetJournalQueue(limit: 10)
        let served = Self.event("/c")
        queue.record(served)
        let taken = queue.take()
        #expect(queue.prepare(taken.rows[...]).first?.response == nil)
        queue.flushed(skippedWritten: taken.skippingWritten)
        #expect(queue.unanswered == [served.id])
        queue.complete(Self.completion(served))
        #expect(queue.unanswered.isEmpty)
        #expect(queue.takeAnswered() == [served.id])
        #expect(queue.takeAnswered().isEmpty)
    }

    @Test func aFailedInsertPutsRowsBackInOrderWithWhatCameMeanwhileAndMarksTheRetry() {
        var queue = FleetJournalQueue(limit: 10)
        let first = Self.event("/1")
        let second = Self.event("/2")
        queue.record(first)
        queue.record(second)
        let taken = queue.take()
        #expect(!taken.skippingWritten)
        #expect(queue.waiting == 2)
        // The first row was prepared unanswered for an insert that fails; the second was not
        // prepared, and is answered meanwhile.
        let prepared = queue.prepare(taken.rows[..<1])
        queue.complete(Self.completion(second, status: 202))
        let newer = Self.event("/3")
        queue.record(newer)
        queue.restore(prepared + taken.rows[1...])
        #expect(queue.unanswered.isEmpty, "queued again, so not waiting for an update")
        #expect(queue.events.map(\.request.url) == ["/1", "/2", "/3"])
        #expect(queue.events[1].response?.status == 202)
        // Back in the queue, the first row's response lands on it.
        queue.complete(Self.completion(first, status: 204))
        #expect(queue.events[0].response?.status == 204)
        let retry = queue.take()
        #expect(retry.skippingWritten)
        queue.flushed(skippedWritten: retry.skippingWritten)
        #expect(!queue.take().skippingWritten)
    }

    @Test func beyondTheLimitTheNewestAreCountedAsLost() {
        var queue = FleetJournalQueue(limit: 3)
        for index in 0..<3 { queue.record(Self.event("/\(index)")) }
        // What a flush holds counts: an outage's retries must not let the queue grow past it.
        let taken = queue.take()
        #expect(queue.waiting == 3)
        queue.record(Self.event("/late"))
        #expect(queue.lost == 1)
        queue.restore(taken.rows)
        #expect(queue.events.map(\.request.url) == ["/0", "/1", "/2"])
        // Taken with room for one more, then put back ahead of it: the newest goes.
        let again = queue.take()
        queue.wrote(leaving: 2)
        queue.record(Self.event("/room"))
        queue.restore(Array(again.rows[1...]))
        #expect(queue.events.map(\.request.url) == ["/1", "/2", "/room"])
        queue.record(Self.event("/over"))
        #expect(queue.lost == 2)
        #expect(queue.served == 6)
    }

    /// The engine's API can serve one `LoggedRequest` twice: two rows with one id must not trap.
    @Test func twoRowsWithOneIdSurviveAFailedInsert() {
        var queue = FleetJournalQueue(limit: 10)
        let served = Self.event("/twice")
        queue.record(served)
        queue.record(served)
        let taken = queue.take()
        queue.restore(taken.rows)
        #expect(queue.events.count == 2)
        queue.complete(Self.completion(served))
        #expect(queue.events.last?.response?.status == 200)
    }
}

extension FleetJournalQueue {
    /// A completion as the journal reports one: the status, a timing and a note.
    mutating func complete(_ completion: FleetJournalQueueTests.Completion) {
        complete(
            completion.id, response: LoggedResponse(status: completion.status), timing: ServeTiming(processTime: 3),
            subEvents: [SubEvent(type: "INFO", data: ["at": "completion"])])
    }
}
