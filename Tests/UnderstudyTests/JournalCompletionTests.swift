import Foundation
import Testing
import Understudy
import UnderstudyCore  // the engine room on purpose: journal completions as the engine reports them

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Both transports complete a request's journal entry at the same moment: once the answer falls
/// due (after any gate and delay), not when the request arrives.
@Suite struct JournalCompletionTests {
    @Test(arguments: StubTransport.allCases)
    func aHeldResponseIsCompletedOnlyOnceReleased(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let gate = host.stub(.get("/held"), .ok(body: "done").held())
            let fetch = Task { try await host.send("/held") }
            try await gate.waitUntilHolding(1)
            let entry = try #require(host.serveEvents.first)
            #expect(entry.response == nil)
            // The server completes once its write is out, which can trail the client's read a little:
            // wait for the completion itself rather than polling.
            let (completions, continuation) = AsyncStream.makeStream(of: ServeEventCompletion.self)
            let observation = host.engine.journal.observeCompletions { continuation.yield($0) }
            defer { observation.cancel() }
            gate.release()
            #expect(try await fetch.value.text == "done")
            var next = completions.makeAsyncIterator()
            #expect(await next.next()?.response.status == 200)
            #expect(host.serveEvents.first?.response?.status == 200)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aDelayedResponseIsCompletedOnlyWhenDue(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/late"), .ok().delay(.seconds(60)))
            let fetch = Task { _ = try? await host.send("/late") }
            try await host.waitForRequests(matching: .get("/late"), timeout: .seconds(10))
            #expect(host.serveEvents.first?.response == nil)
            fetch.cancel()
            await fetch.value
        }
    }
}
