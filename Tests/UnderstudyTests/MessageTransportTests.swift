import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// WebSocket message stubs from Swift: the DSL builds what the JSON says, the server transport
/// serves them to URLSession's WebSocket task, and in-process refuses them at once.
@Suite struct MessageTransportTests {
    @Test func theDSLBuildsWhatTheJSONSays() throws {
        let built = MessageStubMapping.onMessage(
            .contains("hello"), channel: .get("/chat"), priority: 2,
            .send("hi {{message.body}}", after: .milliseconds(50), templated: true),
            .close(code: 4000, reason: "bye", to: .channels(.get("/chat"))))
        let written = try MessageStubMapping(
            jsonText: #"""
                {"priority":2,
                 "trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/chat","method":"GET"}},
                            "message":{"body":{"contains":"hello"}}},
                 "actions":[{"type":"send","message":{"body":{"data":"hi {{message.body}}"}},"channelTarget":{"type":"originating"},
                             "transformers":["response-template"],"delayMilliseconds":50},
                            {"type":"close","code":4000,"reason":"bye","channelTarget":{"type":"request-initiated","channelType":"websocket",
                             "requestPattern":{"urlPath":"/chat","method":"GET"}}}]}
                """#)
        var builtJSON = try #require(built.json.objectValue)
        builtJSON["id"] = nil
        var writtenJSON = try #require(written.json.objectValue)
        writtenJSON["id"] = nil
        #expect(JSONValue.object(builtJSON) == .object(writtenJSON))
    }

    @Test func inProcessRefusesMessageStubsNamingTheServerTransport() async throws {
        try await withStubs(.inProcess) { host throws in
            let error = #expect(throws: MessageStubsNeedTheServer.self) {
                try host.stub(message: .onOpen(.send("hi")))
            }
            #expect(error.map(String.init(describing:))?.contains("server transport") == true)
            #expect(host.messageStubs.isEmpty)
        }
    }
}
