import Foundation
import Testing

@testable import UnderstudyCore

/// Each channel keeps the message stubs that may answer it; a change to the stubs while a
/// channel is open must still be seen by its very next message.
@Suite struct MessageStubChangesTests {
    func reply(_ text: String, priority: Int = 5, channel: String = #"{"urlPath":"/chat"}"#) throws
        -> MessageStubMapping
    {
        try MessageStubMapping(
            jsonText:
                #"{"priority":\#(priority),"trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":\#(channel)}},"actions":[{"type":"send","message":{"body":{"data":"\#(text)"}}}]}"#
        )
    }

    @Test func stubsAddedReplacedAndRemovedWhileAChannelIsOpenTakeEffectAtOnce() throws {
        let engine = StubEngine()
        let messages = engine.messages
        let sink = RecordingSink()
        let id = messages.opened(request: request("GET", "/chat"), sink: sink)
        messages.received(.text("1"), channelID: id)
        var first = try reply("first")
        messages.stubs.add(first)
        messages.received(.text("2"), channelID: id)
        messages.stubs.add(try reply("higher", priority: 1))
        messages.received(.text("3"), channelID: id)
        messages.stubs.removeAll { $0.name == nil && $0.priority == 1 }
        messages.received(.text("4"), channelID: id)
        let id1 = first.id
        first = try reply("replaced")
        first.id = id1
        messages.stubs.add(first)
        messages.received(.text("5"), channelID: id)
        messages.stubs.reset()
        messages.received(.text("6"), channelID: id)
        #expect(
            sink.calls == [
                .send(.text("first"), delay: 0), .send(.text("higher"), delay: 0), .send(.text("first"), delay: 0),
                .send(.text("replaced"), delay: 0)
            ])
        let received = messages.journal.events.filter { $0.direction == .received }
        #expect(received.map { $0.stub != nil } == [false, true, true, true, true, false])
    }

    @Test func aStubForAnotherChannelNeverAnswersThisOne() throws {
        let engine = StubEngine()
        engine.messages.stubs.add(try reply("other", channel: #"{"urlPath":"/other"}"#))
        let sink = RecordingSink()
        let id = engine.messages.opened(request: request("GET", "/chat"), sink: sink)
        engine.messages.received(.text("1"), channelID: id)
        engine.messages.stubs.add(try reply("chat"))
        engine.messages.received(.text("2"), channelID: id)
        #expect(sink.calls == [.send(.text("chat"), delay: 0)])
    }

    @Test func channelPatternsOnHeadersAreStillChecked() throws {
        let engine = StubEngine()
        engine.messages.stubs.add(
            try reply("a", channel: #"{"urlPath":"/chat","headers":{"X-Room":{"equalTo":"a"}}}"#))
        let inA = RecordingSink()
        let inB = RecordingSink()
        let a = engine.messages.opened(request: request("GET", "/chat", headers: [("X-Room", "a")]), sink: inA)
        let b = engine.messages.opened(request: request("GET", "/chat", headers: [("X-Room", "b")]), sink: inB)
        engine.messages.received(.text("hi"), channelID: a)
        engine.messages.received(.text("hi"), channelID: b)
        #expect(inA.calls == [.send(.text("a"), delay: 0)])
        #expect(inB.calls.isEmpty)
    }

    @Test func theBodyPatternIsCheckedOnEveryMessage() throws {
        let engine = StubEngine()
        engine.messages.stubs.add(
            try MessageStubMapping(
                jsonText:
                    #"{"trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/chat"}},"message":{"body":{"equalTo":"ping"}}},"actions":[{"type":"send","message":{"body":{"data":"pong"}}}]}"#
            ))
        let sink = RecordingSink()
        let id = engine.messages.opened(request: request("GET", "/chat"), sink: sink)
        for text in ["ping", "pong", "ping"] { engine.messages.received(.text(text), channelID: id) }
        #expect(sink.calls == [.send(.text("pong"), delay: 0), .send(.text("pong"), delay: 0)])
    }
}
