import Foundation
import Synchronization
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Gates hold responses in flight on both transports until released.
@Suite struct GateTests {
    @Test(arguments: StubTransport.allCases)
    func aHeldResponseWaitsForRelease(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let gate = host.stub(.get("/slow"), .ok(body: "done").held())
            let answered = Mutex(false)
            let fetch = Task {
                let (data, _) = try await host.session.data(from: host.url("/slow"))
                answered.withLock { $0 = true }
                return String(decoding: data, as: UTF8.self)
            }
            try await gate.waitUntilHolding(1)
            #expect(gate.waiting == 1)
            #expect(!answered.withLock { $0 })
            gate.release()
            #expect(try await fetch.value == "done")
            #expect(gate.waiting == 0)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func releaseCountLetsThatManyThrough(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let gate = host.stub(.get("/n"), .ok().held())
            let fetches = (0..<3).map { _ in Task { try await host.session.data(from: host.url("/n")) } }
            try await gate.waitUntilHolding(3)
            gate.release(count: 2)
            #expect(gate.waiting == 1)  // two went, one is still held
            gate.release(count: 1)
            for fetch in fetches { _ = try await fetch.value }
            #expect(gate.waiting == 0)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func goingOfflineDropsAHeldRequest(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let gate = host.stub(.get("/held"), .ok().held())
            let fetch = Task { try await host.session.data(from: host.url("/held")) }
            try await gate.waitUntilHolding(1)
            await host.goOffline()
            let expected: URLError.Code = transport == .server ? .networkConnectionLost : .notConnectedToInternet
            await #expect { _ = try await fetch.value } throws: { ($0 as? URLError)?.code == expected }
            await host.goOnline()
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aSequenceCanFailWhenUsedUp(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host in
            host.stub(.get("/job"), sequence: [.accepted(), .ok()], .thenFail)
            var statuses: [Int] = []
            for _ in 0..<3 {
                let (_, response) = try await host.session.data(from: host.url("/job"))
                statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
            }
            #expect(statuses == [202, 200, 404])
            #expect(host.unmatchedRequests.count == 1)
        }
    }
}
