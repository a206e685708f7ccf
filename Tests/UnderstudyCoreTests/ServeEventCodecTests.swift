import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// A serve event written as the admin API writes it reads back as the same event: a fleet's
/// servers read each other's requests from the shared journal so.
@Suite struct ServeEventCodecTests {
    @Test func aMatchedEventReadsBackWhole() throws {
        let matched = try stub(
            #"{"name":"users","request":{"urlPath":"/users"},"response":{"status":201,"body":"made"}}"#)
        var headers = HeaderFields()
        headers.add("Accept", "application/json")
        headers.add("X-Many", "a")
        headers.add("X-Many", "b")
        let logged = LoggedRequest(
            method: "POST", url: "/users?page=2", clientIP: "10.0.0.7", headers: headers, body: Data([0, 1, 2, 255]),
            loggedDate: Date(timeIntervalSince1970: 1_700_000_000.123), protocolVersion: "HTTP/2")
        let event = ServeEvent(
            request: logged, stub: matched, responseDefinition: matched.response,
            response: LoggedResponse(status: 201, headers: ["Content-Type": "text/plain"], body: Data("made".utf8)),
            timing: ServeTiming(addedDelay: 5, processTime: 1, responseSendTime: 2),
            subEvents: [SubEvent(type: "WARNING", data: ["message": "careful"])])
        let read = try ServeEvent(json: JSONValue(parsing: JSONWriter.data(event.json)))
        #expect(read.id == event.id)
        #expect(read.request.id == logged.id)
        #expect(read.request.method == "POST")
        #expect(read.request.url == "/users?page=2")
        #expect(read.request.headers.values("X-Many") == ["a", "b"])
        #expect(read.request.body == Data([0, 1, 2, 255]))
        #expect(read.request.clientIP == "10.0.0.7")
        #expect(read.request.protocolVersion == "HTTP/2")
        #expect(abs(read.request.loggedDate.timeIntervalSince(logged.loggedDate)) < 0.001)
        #expect(read.stub?.id == matched.id)
        #expect(read.stub?.name == "users")
        #expect(read.response == event.response)
        #expect(read.timing == event.timing)
        #expect(read.subEvents.map(\.type) == ["WARNING"])
    }

    @Test func anUnmatchedEventHasNoStub() throws {
        let event = ServeEvent(
            request: LoggedRequest(method: "GET", url: "/nothing"), stub: nil,
            responseDefinition: ServeEvent.notMatchedResponse)
        let read = try ServeEvent(json: JSONValue(parsing: JSONWriter.data(event.json)))
        #expect(read.stub == nil)
        #expect(!read.wasMatched)
        #expect(read.responseDefinition.status == 404)
    }

    /// A journal filled at once keeps the newest events within its capacity, in order.
    @Test func aJournalFilledAtOnceKeepsTheNewest() {
        let events = (0..<5).map { i in
            ServeEvent(
                request: LoggedRequest(method: "GET", url: "/\(i)"), stub: nil,
                responseDefinition: ServeEvent.notMatchedResponse)
        }
        let journal = RequestJournal(capacity: 3, events: events)
        #expect(journal.events.map(\.request.url) == ["/2", "/3", "/4"])
        journal.record(events[0])
        #expect(journal.events.map(\.request.url) == ["/3", "/4", "/0"])
    }
}
