import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// What the message engine does with channels, messages and HTTP triggers, through a sink
/// that records what it is asked.
@Suite struct MessageEngineTests {
    func engine(_ stubs: String...) throws -> StubEngine {
        let engine = StubEngine()
        for text in stubs { engine.messages.stubs.add(try MessageStubMapping(jsonText: text)) }
        return engine
    }

    @Test func aMatchingMessageIsAnsweredOnItsChannelAndJournalled() throws {
        let engine = try engine(
            #"{"trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/echo"}},"message":{"body":{"contains":"ping"}}},"actions":[{"type":"send","message":{"body":{"data":"pong"}},"channelTarget":{"type":"originating"}}]}"#
        )
        let sink = RecordingSink()
        let id = engine.messages.opened(request: request("GET", "/echo"), sink: sink)
        engine.messages.received(.text("a ping"), channelID: id)
        engine.messages.received(.text("nothing"), channelID: id)
        #expect(sink.calls == [.send(.text("pong"), delay: 0)])
        let events = engine.messages.journal.events
        #expect(events.map(\.direction) == [.received, .sent, .received])
        #expect(events.map(\.message) == [.text("a ping"), .text("pong"), .text("nothing")])
        #expect(events[0].stub != nil)
        #expect(events[2].stub == nil)
        #expect(events[2].json["wasMatched"] == false)
    }

    @Test func theChannelPatternMustMatchTheOpeningRequest() throws {
        let engine = try engine(
            #"{"trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/echo"}}},"actions":[{"type":"send","message":{"body":{"data":"x"}}}]}"#
        )
        let sink = RecordingSink()
        let id = engine.messages.opened(request: request("GET", "/elsewhere"), sink: sink)
        engine.messages.received(.text("hi"), channelID: id)
        #expect(sink.calls.isEmpty)
    }

    @Test func theHighestPriorityStubWins() throws {
        let engine = try engine(
            #"{"priority":5,"trigger":{"type":"message"},"actions":[{"type":"send","message":{"body":{"data":"low"}}}]}"#,
            #"{"priority":1,"trigger":{"type":"message"},"actions":[{"type":"send","message":{"body":{"data":"high"}}}]}"#,
            #"{"priority":3,"trigger":{"type":"message"},"actions":[{"type":"send","message":{"body":{"data":"middle"}}}]}"#
        )
        let sink = RecordingSink()
        engine.messages.received(
            .text("x"), channelID: engine.messages.opened(request: request("GET", "/"), sink: sink))
        #expect(sink.calls == [.send(.text("high"), delay: 0)])
    }

    @Test func anHTTPRequestBroadcastsToTheChannelsItsPatternPicks() throws {
        let engine = try engine(
            #"{"trigger":{"type":"http-request","requestPattern":{"method":"POST","urlPath":"/broadcast"}},"actions":[{"type":"send","message":{"body":{"data":"news"}},"channelTarget":{"type":"request-initiated","channelType":"websocket","requestPattern":{"urlPathPattern":"/feed/.*"}}}]}"#
        )
        let a = RecordingSink()
        let b = RecordingSink()
        let other = RecordingSink()
        _ = engine.messages.opened(request: request("GET", "/feed/a"), sink: a)
        _ = engine.messages.opened(request: request("GET", "/feed/b"), sink: b)
        _ = engine.messages.opened(request: request("GET", "/chat"), sink: other)
        #expect(engine.messages.hasHTTPTriggers)
        engine.messages.httpRequestServed(request("GET", "/broadcast"), stubID: nil)
        #expect(a.calls.isEmpty)
        engine.messages.httpRequestServed(request("POST", "/broadcast"), stubID: nil)
        #expect(a.calls == [.send(.text("news"), delay: 0)])
        #expect(b.calls == [.send(.text("news"), delay: 0)])
        #expect(other.calls.isEmpty)
    }

    @Test func anHTTPStubTriggerFiresForThatStubOnly() throws {
        let stubID = UUID()
        let engine = try engine(
            #"{"trigger":{"type":"http-stub","stubId":"\#(stubID.uuidString)"},"actions":[{"type":"send","message":{"body":{"data":"served"}},"channelTarget":{"type":"request-initiated","requestPattern":{"urlPath":"/feed"}}}]}"#
        )
        let sink = RecordingSink()
        _ = engine.messages.opened(request: request("GET", "/feed"), sink: sink)
        engine.messages.httpRequestServed(request("GET", "/x"), stubID: UUID())
        engine.messages.httpRequestServed(request("GET", "/x"), stubID: nil)
        #expect(sink.calls.isEmpty)
        engine.messages.httpRequestServed(request("GET", "/x"), stubID: stubID)
        #expect(sink.calls == [.send(.text("served"), delay: 0)])
    }

    @Test func aChannelOpenStubGreetsAndCanCloseLater() throws {
        let engine = try engine(
            #"{"trigger":{"type":"channel-open","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/greet"}}},"actions":[{"type":"send","message":{"body":{"data":"welcome"}}},{"type":"close","code":4001,"reason":"done","delayMilliseconds":30}]}"#
        )
        let sink = RecordingSink()
        _ = engine.messages.opened(request: request("GET", "/greet"), sink: sink)
        #expect(sink.calls == [.send(.text("welcome"), delay: 0), .close(code: 4001, reason: "done", delay: 30)])
        let quiet = RecordingSink()
        _ = engine.messages.opened(request: request("GET", "/other"), sink: quiet)
        #expect(quiet.calls.isEmpty)
    }

    @Test func aTemplatedSendReadsTheMessageAndTheOpeningRequest() throws {
        let engine = try engine(
            #"{"trigger":{"type":"message"},"actions":[{"type":"send","transformers":["response-template"],"message":{"body":{"data":"{{request.query.room}}: {{message.body}}"}}}]}"#
        )
        let sink = RecordingSink()
        let id = engine.messages.opened(request: request("GET", "/chat?room=lobby"), sink: sink)
        engine.messages.received(.text("hi all"), channelID: id)
        #expect(sink.calls == [.send(.text("lobby: hi all"), delay: 0)])
    }

    @Test func adminStyleSendReachesMatchingChannelsAndClosedOnesAreGone() throws {
        let engine = StubEngine()
        let a = RecordingSink()
        let idA = engine.messages.opened(request: request("GET", "/ws/a"), sink: a)
        _ = engine.messages.opened(request: request("GET", "/ws/b"), sink: RecordingSink())
        #expect(engine.messages.channels.all.count == 2)
        let pattern = try RequestPattern(json: ["urlPath": "/ws/a"])
        #expect(engine.messages.send(.text("hey"), toChannelsMatching: pattern).map(\.id) == [idA])
        #expect(a.calls == [.send(.text("hey"), delay: 0)])
        engine.messages.closed(channelID: idA)
        #expect(engine.messages.send(.text("again"), toChannelsMatching: pattern).isEmpty)
        #expect(engine.messages.channels.all.count == 1)
    }

    @Test func theJournalFindsCountsAndRemovesByPattern() throws {
        let engine = StubEngine()
        let id = engine.messages.opened(request: request("GET", "/chat"), sink: RecordingSink())
        let other = engine.messages.opened(request: request("GET", "/news"), sink: RecordingSink())
        engine.messages.received(.text("hello one"), channelID: id)
        engine.messages.received(.text("hello two"), channelID: other)
        engine.messages.received(.text("bye"), channelID: id)
        let hellos = try MessagePattern(json: ["body": ["contains": "hello"]])
        #expect(engine.messages.journal.count(matching: hellos) == 2)
        let onChat = try MessagePattern(json: ["channel": ["urlPath": "/chat"], "body": ["contains": "hello"]])
        #expect(engine.messages.journal.events(matching: onChat).map(\.message) == [.text("hello one")])
        #expect(engine.messages.journal.removeAll(where: onChat.matches).count == 1)
        #expect(engine.messages.journal.count(matching: MessagePattern()) == 2)
    }

    @Test func aBlockingWaitReturnsOnceTheMessagesArrive() async throws {
        let engine = StubEngine()
        let id = engine.messages.opened(request: request("GET", "/chat"), sink: RecordingSink())
        let journal = engine.messages.journal
        // On a thread of its own: a blocking wait has no place on the cooperative pool.
        async let found = withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    returning: journal.waitBlocking(
                        for: MessagePattern(body: .contains("x")), count: 2, timeout: .seconds(30)))
            }
        }
        engine.messages.received(.text("x1"), channelID: id)
        engine.messages.received(.text("x2"), channelID: id)
        #expect(await found.map(\.message) == [.text("x1"), .text("x2")])
        let none = journal.waitBlocking(
            for: MessagePattern(body: .contains("never")), count: 1, timeout: .milliseconds(50))
        #expect(none.isEmpty)
    }
}
