import Foundation
import Testing
import Understudy
import UnderstudyCore  // the engine room on purpose: journal completions as the engine reports them

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streams read by a data-task delegate, over both transports: in-process, each event reaches the
/// delegate as it is sent (held events only once released), with the server's bytes, journal,
/// `Last-Event-ID` resume and mid-stream faults.
@Suite struct StreamingDelegateTests {
    @Test(arguments: StubTransport.allCases)
    func eachEventArrivesAsItIsSentAndHeldOnesOnlyOnceReleased(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            let chat = host.stub(
                .get("/chat"),
                .sse([.event(id: "1", data: "Hel"), .event(data: ["t": "lo"]).held(), .comment("done")]))
            let completed = Self.completions(of: host)
            try await DelegateStreamReader.with(host, "/chat") { reader, heard in
                #expect(await heard.read(until: "id: 1\ndata: Hel\n\n"))
                try await chat.waitUntilHolding(1)
                #expect(!reader.received.withLock { $0 }.contains("lo"))
                chat.release(count: 1)
                #expect(await heard.read(until: #"data: {"t":"lo"}"# + "\n\n: done\n"))
                #expect(await heard.end() == .some(nil))
            }
            let entry = await completed.first { _ in true }
            #expect(entry?.subEvents.map(\.type) == ["SERVER_SENT_EVENT", "SERVER_SENT_EVENT", "SERVER_SENT_EVENT"])
            #expect(entry?.subEvents.first?.data["id"] == .string("1"))
        }
    }

    @Test(arguments: StubTransport.allCases)
    func bodyChunksArriveInOrderAndTheStreamEnds(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/ndjson"), .chunks([.text("{\"n\":1}\n"), .text("{\"n\":2}\n").after(.milliseconds(20))]))
            try await DelegateStreamReader.with(host, "/ndjson") { reader, heard in
                #expect(await heard.end() == .some(nil))
                #expect(reader.received.withLock { $0 } == "{\"n\":1}\n{\"n\":2}\n")
            }
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aReconnectWithLastEventIDGetsOnlyTheEventsAfterIt(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/feed"), .sse([.event(id: "1", data: "a"), .event(id: "2", data: "b"), .event(data: "c")]))
            try await DelegateStreamReader.with(host, "/feed", headers: ["Last-Event-ID": "1"]) { reader, heard in
                #expect(await heard.end() == .some(nil))
                #expect(reader.received.withLock { $0 } == "id: 2\ndata: b\n\ndata: c\n\n")
            }
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aFaultOnAnEventBreaksTheStreamAfterWhatWentBefore(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            let stream = host.stub(.get("/feed"), .sse([.event(data: "a"), .fault(.connectionResetByPeer).held()]))
            try await DelegateStreamReader.with(host, "/feed") { _, heard in
                #expect(await heard.read(until: "data: a\n\n"))
                stream.release()
                #expect(await heard.end() == .some(.networkConnectionLost))
            }
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aClientThatLeavesMidStreamIsJournalled(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            let stream = host.stub(.get("/feed"), .sse([.event(data: "a"), .event(data: "b").held()]))
            let completed = Self.completions(of: host)
            try await DelegateStreamReader.with(host, "/feed") { reader, heard in
                #expect(await heard.read(until: "data: a\n\n"))
                try await stream.waitUntilHolding(1)
                reader.cancel()
                #expect(await heard.end() == .some(.cancelled))
            }
            // Over a socket the server learns of it when the connection closes.
            let entry = await completed.first { _ in true }
            #expect(entry?.subEvents.map(\.type) == ["SERVER_SENT_EVENT", "CLIENT_LEFT_MID_STREAM"])
            stream.release()
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aKeptOpenStreamHeartbeatsUntilTheHostStops(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/live"), .sse([.event(data: "hi")], keepOpen: true, heartbeat: .milliseconds(10)))
            try await DelegateStreamReader.with(host, "/live") { _, heard in
                #expect(await heard.read(until: ": heartbeat\n"))
                try await host.shutdown()
                #expect(await heard.end() == .some(nil))
            }
        }
    }

    /// Completions of the host's journal from now on.
    static func completions(of host: any StubHost) -> AsyncStream<ServeEventCompletion> {
        let (completions, continuation) = AsyncStream.makeStream(of: ServeEventCompletion.self)
        let observation = host.engine.journal.observeCompletions { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return completions
    }
}
