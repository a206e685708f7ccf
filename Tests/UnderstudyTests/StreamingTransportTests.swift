import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Server-sent events and body chunks from the DSL: the same model as the JSON, served whole by
/// the server transport. In-process, `data(for:)` on a session without a data delegate is refused
/// at once, naming the server transport: on Linux it would keep only the last piece
/// (a data-task delegate gets the stream piece by piece: `StreamingDelegateTests`).
@Suite struct StreamingTransportTests {
    @Test func theDSLBuildsTheSameModelAsTheJSON() throws {
        let built = ResponseDefinition.sse(
            [
                .event(id: "1", event: "delta", data: "Hel"),
                .event(event: "delta", data: ["text": "lo"]).after(.milliseconds(50)),
                .comment("keep-alive"),
                .fault(.emptyResponse)
            ], keepOpen: true, heartbeat: .seconds(15))
        let written = try StubMapping(
            jsonText:
                #"{"response":{"status":200,"serverSentEvents":{"events":[{"id":"1","event":"delta","data":"Hel"},{"event":"delta","data":{"text":"lo"},"delayMilliseconds":50},{"comment":"keep-alive"},{"fault":"EMPTY_RESPONSE"}],"heartbeatMilliseconds":15000,"keepOpen":true}}}"#
        )
        #expect(built == written.response)
        let chunks = ResponseDefinition.chunks([.text("a"), .bytes(Data([0, 1])).after(.milliseconds(5))])
        #expect(chunks.json["bodyChunks"] == [["text": "a"], ["base64": "AAE=", "delayMilliseconds": 5]])
    }

    @Test(arguments: StubTransport.allCases)
    func serverSentEvents(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/feed"), .sse([.event(data: "a"), .event(data: ["n": 1]).after(.milliseconds(5))]))
            if transport == .server || !Self.onLinux {
                let reply = try await host.send("/feed")
                #expect(reply.text == "data: a\n\n" + #"data: {"n":1}"# + "\n\n")
            } else {
                let refusal = await host.failure("GET", "/feed")
                TransportLimitsTests.expectRefusal(refusal, mentioning: "server-sent events")
                #expect(refusal?.localizedDescription.contains("URLSessionDataDelegate") == true)
            }
        }
    }

    @Test(arguments: StubTransport.allCases)
    func bodyChunks(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/ndjson"), .chunks([.text("1\n"), .text("2\n").after(.milliseconds(5))]))
            if transport == .server || !Self.onLinux {
                #expect(try await host.send("/ndjson").text == "1\n2\n")
            } else {
                TransportLimitsTests.expectRefusal(await host.failure("GET", "/ndjson"), mentioning: "bodyChunks")
            }
        }
    }

    /// FoundationNetworking keeps only the last piece a URLProtocol loads for `data(for:)`.
    #if canImport(FoundationNetworking)
        static let onLinux = true
    #else
        static let onLinux = false
    #endif
}
