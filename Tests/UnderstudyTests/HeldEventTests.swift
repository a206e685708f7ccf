import Foundation
import ProcessSupport
import Testing
import Understudy
import UnderstudyCore  // the engine room on purpose: journal completions as the engine reports them

/// Server-sent events held at the stream's gate: a test lets them out one at a time and looks at
/// the client in between, with no sleeps.
@Suite struct HeldEventTests {
    @Test func heldEventsWaitUntilReleasedOneAtATime() async throws {
        try await withStubServer { server in
            let chat = server.stub(
                .get("/chat"),
                .sse([.event(data: "Hel"), .event(data: "lo").held(), .event(data: "!").held(), .comment("done")]))
            let (completions, continuation) = AsyncStream.makeStream(of: ServeEventCompletion.self)
            let observation = server.engine.journal.observeCompletions { continuation.yield($0) }
            defer { observation.cancel() }
            try await EventStreamTestClient.with(port: server.port, path: "/chat") { client in
                #expect(try await client.read(until: "data: Hel\n\n"))
                try await chat.waitUntilHolding(1)
                #expect(!client.received.contains("data: lo"))
                chat.release(count: 1)
                #expect(try await client.read(until: "data: lo\n\n"))
                try await chat.waitUntilHolding(1)
                #expect(!client.received.contains("data: !"))
                chat.release(count: 1)
                #expect(try await client.read(until: ": done\n"))
            }
            var next = completions.makeAsyncIterator()
            _ = await next.next()
            let sent = server.serveEvents.first?.subEvents.filter { $0.type == "SERVER_SENT_EVENT" }
            #expect(sent?.count == 4)
        }
    }

    /// The same with a client nobody here wrote: `curl -N` prints each event as it arrives.
    @Test(.enabled(if: ChildProcess.find("curl") != nil))
    func curlSeesEachHeldEventOnlyOnceReleased() async throws {
        try await withStubServer { server in
            let chat = server.stub(.get("/chat"), .sse([.event(data: "Hel"), .event(data: "lo").held()]))
            let curl = try ChildProcess(
                try #require(ChildProcess.find("curl")),
                ["-sN", "--max-time", "60", server.baseURL.appendingPathComponent("chat").absoluteString],
                standardError: .null)
            defer { curl.terminate() }
            let output = try #require(curl.standardOutput)
            #expect(await output.nextLine() == "data: Hel")
            #expect(await output.nextLine() == "")
            try await chat.waitUntilHolding(1)
            chat.release(count: 1)
            #expect(await output.nextLine() == "data: lo")
            #expect(await curl.exitStatus() == 0)
        }
    }

    @Test func theJSONNamesTheGateAndRoundTrips() throws {
        let built = ResponseDefinition.sse([.event(data: "a").held()])
        let gate = try #require(built.serverSentEvents?.heldBy)
        let json = built.json
        #expect(json["serverSentEvents"]?["heldBy"] == .string(gate.uuid.uuidString))
        #expect(json["serverSentEvents"]?["events"] == [["data": "a", "held": true]])
        let decoded = try StubMapping(jsonText: #"{"response":\#(json)}"#)
        #expect(decoded.response == built)
    }

    @Test func aHeldEventWithoutAGateIsAnErrorAtItsPointer() {
        #expect {
            _ = try StubMapping(
                jsonText: #"{"response":{"serverSentEvents":{"events":[{"data":"a"},{"data":"b","held":true}]}}}"#)
        } throws: { error in
            "\(error)".contains("/response/serverSentEvents/events/1/held")
                && "\(error)".contains("heldBy")
        }
    }
}
