import Foundation
import Synchronization
import Testing
import UnderstudyJSON

@testable import UnderstudyAdmin
@testable import UnderstudyCore

/// `/__admin/message-mappings`, `/__admin/messages` and `/__admin/channels`, with channels
/// opened on a sink that records what it is asked to send.
@Suite struct AdminMessagesTests {
    final class Sink: MessageChannelSink {
        private let sent = Mutex<[MessageBody]>([])
        var messages: [MessageBody] { sent.withLock { $0 } }
        func send(_ body: MessageBody, afterMilliseconds delay: Int, sent done: @escaping @Sendable () -> Void) {
            sent.withLock { $0.append(body) }
            done()
        }
        func close(code: Int, reason: String, afterMilliseconds delay: Int) {}
    }

    static let greeting =
        #"{"name":"greets","trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/chat"}},"message":{"body":{"contains":"hi"}}},"actions":[{"type":"send","message":{"body":{"data":"hello"}},"channelTarget":{"type":"originating"}}],"metadata":{"team":"chat"},"extra":[1,2]}"#

    @Test func messageMappingsAreCreatedListedFoundEditedAndRemoved() throws {
        let admin = AdminHarness()
        let created = admin.call("POST", "/__admin/message-mappings", Self.greeting)
        #expect(created.status == 201)
        let id = try #require(created.json["id"]?.stringValue)
        #expect(created.json["extra"] == [1, 2])
        #expect(admin.call("GET", "/__admin/message-mappings").json["meta"]?["total"] == 1)
        #expect(admin.call("GET", "/__admin/message-mappings/\(id)").json["name"] == "greets")
        let found = admin.call("POST", "/__admin/message-mappings/find-by-metadata", #"{"contains":"chat"}"#)
        #expect(found.json["messageMappings"]?.arrayValue?.count == 1)
        let none = admin.call("POST", "/__admin/message-mappings/find-by-metadata", #"{"contains":"billing"}"#)
        #expect(none.json["messageMappings"]?.arrayValue?.isEmpty == true)
        let edited = admin.call(
            "PUT", "/__admin/message-mappings/\(id)", Self.greeting.replacingOccurrences(of: "greets", with: "waves"))
        #expect(edited.json["name"] == "waves")
        #expect(edited.json["id"]?.stringValue == id)
        #expect(admin.engine.messages.stubs.stubs.count == 1)
        #expect(admin.call("DELETE", "/__admin/message-mappings/\(id)").status == 200)
        #expect(admin.call("GET", "/__admin/message-mappings/\(id)").status == 404)
        admin.call("POST", "/__admin/message-mappings", Self.greeting)
        admin.call("POST", "/__admin/message-mappings/remove-by-metadata", #"{"contains":"chat"}"#)
        #expect(admin.engine.messages.stubs.stubs.isEmpty)
    }

    @Test func aBadMessageMappingIs422AtItsPointer() {
        let admin = AdminHarness()
        let reply = admin.call(
            "POST", "/__admin/message-mappings", #"{"trigger":{"type":"message"},"actions":[{"type":"yell"}]}"#)
        #expect(reply.status == 422)
        #expect(reply.json["errors"]?[0]?["source"]?["pointer"] == "/actions/0/type")
        #expect(admin.engine.messages.stubs.stubs.isEmpty)
    }

    @Test func theJournalIsCountedFoundRemovedAndWaitedOn() throws {
        let admin = AdminHarness()
        admin.call("POST", "/__admin/message-mappings", Self.greeting)
        let sink = Sink()
        let chat = admin.engine.messages.opened(
            request: LoggedRequest(method: "GET", url: "/chat", headers: HeaderFields(), body: Data()), sink: sink)
        admin.engine.messages.received(.text("hi there"), channelID: chat)
        admin.engine.messages.received(.text("bye"), channelID: chat)
        #expect(sink.messages == [.text("hello")])
        let all = admin.call("GET", "/__admin/messages").json["messageServeEvents"]?.arrayValue ?? []
        #expect(all.map { $0["eventType"] } == ["RECEIVED", "SENT", "RECEIVED"])
        #expect(all.map { $0["wasMatched"] } == [true, true, false])
        #expect(admin.call("POST", "/__admin/messages/count", #"{"body":{"contains":"hi"}}"#).json["count"] == 1)
        let onChat = admin.call("POST", "/__admin/messages/find", #"{"channel":{"urlPath":"/chat"}}"#)
        #expect(onChat.json["messageServeEvents"]?.arrayValue?.count == 3)
        let id = try #require(all.first?["id"]?.stringValue)
        #expect(admin.call("GET", "/__admin/messages/\(id)").json["item"]?["message"] == "hi there")
        let waited = admin.call(
            "POST", "/__admin/messages/wait-for-count",
            #"{"pattern":{"body":{"contains":"e"}},"timeoutMillis":10,"count":5}"#)
        // Only three match: the wait gives up after its time-out with what there is.
        #expect(waited.json["messageServeEvents"]?.arrayValue?.count == 3)
        let one = admin.call(
            "POST", "/__admin/messages/wait", #"{"pattern":{"body":{"equalTo":"hello"}},"timeoutMillis":10}"#)
        #expect(one.json["item"]?["eventType"] == "SENT")
        let removed = admin.call("POST", "/__admin/messages/remove-by-metadata", #"{"contains":"chat"}"#)
        #expect(removed.json["messageServeEvents"]?.arrayValue?.count == 2)
        #expect(admin.call("POST", "/__admin/messages/remove", #"{"body":{"equalTo":"bye"}}"#).status == 200)
        #expect(admin.call("GET", "/__admin/messages").json["messageServeEvents"]?.arrayValue?.isEmpty == true)
        #expect(admin.call("POST", "/__admin/messages/wait", #"{"pattern":{}}"#).status == 422)
    }

    @Test func channelsAreListedAndSentTo() {
        let admin = AdminHarness()
        let feed = Sink()
        let chat = Sink()
        _ = admin.engine.messages.opened(
            request: LoggedRequest(method: "GET", url: "/feed/1", headers: HeaderFields(), body: Data()), sink: feed)
        _ = admin.engine.messages.opened(
            request: LoggedRequest(method: "GET", url: "/chat", headers: HeaderFields(), body: Data()), sink: chat)
        let listed = admin.call("GET", "/__admin/channels").json
        #expect(listed["meta"]?["total"] == 2)
        #expect(listed["channels"]?[0]?["initiatingRequest"]?["url"] == "/feed/1")
        let sent = admin.call(
            "POST", "/__admin/channels/send",
            #"{"type":"websocket","initiatingRequest":{"urlPathPattern":"/feed/.*"},"message":{"body":{"data":"AAE=","isBinary":true}}}"#
        )
        #expect(sent.json["channelsMessaged"] == 1)
        #expect(feed.messages == [.binary(Data([0, 1]))])
        #expect(chat.messages.isEmpty)
        #expect(admin.call("POST", "/__admin/channels/send", #"{"type":"mqtt","message":{}}"#).status == 422)
    }

    @Test func resetEmptiesMessageStubsAndTheMessageJournal() {
        let admin = AdminHarness()
        admin.call("POST", "/__admin/message-mappings", Self.greeting)
        let chat = admin.engine.messages.opened(
            request: LoggedRequest(method: "GET", url: "/chat", headers: HeaderFields(), body: Data()), sink: Sink())
        admin.engine.messages.received(.text("hi"), channelID: chat)
        #expect(admin.call("POST", "/__admin/reset").status == 200)
        #expect(admin.engine.messages.stubs.stubs.isEmpty)
        #expect(admin.engine.messages.journal.events.isEmpty)
    }
}
