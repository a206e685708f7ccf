import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// Message stubs in WireMock 4's message-mapping format: decoding, writing back unchanged
/// (unknown fields too), and errors at a JSON pointer.
@Suite struct MessageMappingCodecTests {
    static let reply = #"""
        {"id":"5f0c1a52-8d0b-4d7c-9c0e-3a1f6b2e9d41","name":"Greets a hello","priority":2,
         "trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/chat"}},
                    "message":{"body":{"matches":"^hi.*"}}},
         "actions":[{"type":"send","message":{"body":{"data":"hello back"}},"channelTarget":{"type":"originating"},
                     "delayMilliseconds":25},
                    {"type":"close","code":4000,"reason":"bye"}],
         "metadata":{"team":"chat"},"someFutureField":{"kept":true}}
        """#

    @Test func decodesTriggerActionsAndMetadata() throws {
        let stub = try MessageStubMapping(jsonText: Self.reply)
        #expect(stub.id == UUID(uuidString: "5f0c1a52-8d0b-4d7c-9c0e-3a1f6b2e9d41"))
        #expect(stub.name == "Greets a hello")
        #expect(stub.effectivePriority == 2)
        #expect(stub.metadata == ["team": "chat"])
        guard case .message(let channel?, let body?) = stub.trigger else {
            Issue.record("expected a message trigger with a channel and a body")
            return
        }
        #expect(channel.matches(MatchContext(request: request("GET", "/chat"))))
        #expect(!channel.matches(MatchContext(request: request("GET", "/other"))))
        #expect(body.matches("hi there"))
        #expect(!body.matches("oh hi"))
        guard stub.actions.count == 2, case .send(let send) = stub.actions[0], case .close(let close) = stub.actions[1]
        else {
            Issue.record("expected a send then a close")
            return
        }
        #expect(send.body == .text("hello back"))
        #expect(send.delayMilliseconds == 25)
        #expect(close.code == 4000)
        #expect(close.reason == "bye")
    }

    @Test func isWrittenBackAsWrittenUnknownFieldsIncluded() throws {
        let stub = try MessageStubMapping(jsonText: Self.reply)
        #expect(stub.json == (try JSONParser.parse(Self.reply)))
    }

    @Test func aStubWithoutIdGetsOneAndKeepsIt() throws {
        let stub = try MessageStubMapping(
            jsonText:
                #"{"trigger":{"type":"http-request","requestPattern":{"method":"POST","url":"/ping"}},"actions":[]}"#)
        #expect(stub.json["id"]?.stringValue == stub.id.lowercasedString)
        #expect(try MessageStubMapping(json: stub.json).id == stub.id)
    }

    @Test func binaryBodiesAreBase64() throws {
        let stub = try MessageStubMapping(
            jsonText:
                #"{"trigger":{"type":"channel-open"},"actions":[{"type":"send","message":{"body":{"data":"AAEC/w==","isBinary":true}}}]}"#
        )
        guard case .send(let send) = stub.actions.first else {
            Issue.record("expected a send")
            return
        }
        #expect(send.body == .binary(Data([0, 1, 2, 255])))
    }

    @Test(arguments: [
        (#"{"actions":[]}"#, "/trigger"),
        (#"{"trigger":{"type":"telepathy"}}"#, "/trigger/type"),
        (#"{"trigger":{"type":"http-stub","stubId":"nope"}}"#, "/trigger/stubId"),
        (#"{"trigger":{"type":"http-request"}}"#, "/trigger/requestPattern"),
        (#"{"trigger":{"type":"message","channel":{"type":"mqtt"}}}"#, "/trigger/channel/type"),
        (#"{"trigger":{"type":"message"},"actions":[{"type":"shout"}]}"#, "/actions/0/type"),
        (#"{"trigger":{"type":"message"},"actions":[{"type":"send"}]}"#, "/actions/0/message"),
        (
            #"{"trigger":{"type":"message"},"actions":[{"type":"send","message":{"body":{"data":"%%","isBinary":true}}}]}"#,
            "/actions/0/message/body/data"
        ),
        (
            #"{"trigger":{"type":"message"},"actions":[{"type":"send","message":{},"delayMilliseconds":-1}]}"#,
            "/actions/0/delayMilliseconds"
        ),
        (#"{"trigger":{"type":"message"},"actions":[{"type":"close","code":1005}]}"#, "/actions/0/code"),
        (
            #"{"trigger":{"type":"message"},"actions":[{"type":"send","message":{},"channelTarget":{"type":"request-initiated"}}]}"#,
            "/actions/0/channelTarget/requestPattern"
        ),
        (#"{"trigger":{"type":"message","message":{"body":{"sortOf":"x"}}}}"#, "/trigger/message/body")
    ])
    func aBadStubIsRefusedAtItsPointer(_ text: String, _ pointer: String) {
        #expect {
            try MessageStubMapping(jsonText: text)
        } throws: { error in
            (error as? MappingError)?.pointer?.hasPrefix(pointer) == true
        }
    }
}
