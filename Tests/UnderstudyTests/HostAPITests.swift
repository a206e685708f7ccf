import Foundation
import SocketSupport
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The host API a test author sees, the same on both transports: queries instead of the engine,
/// one lifecycle, and URLs that refuse a bad path.
@Suite struct HostAPITests {
    @Test(arguments: StubTransport.allCases)
    func queriesShowStubsAndWhatWasServed(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host in
            #expect(host.stubs.isEmpty)
            host.stub(.get("/a"), .ok(body: "a"))
            #expect(host.stubs.count == 1)
            _ = try await host.send("/a")
            _ = try await host.send("/missing")
            let served = try await host.waitForRequests(matching: .get("/a"))
            #expect(served.count == 1)
            #expect(host.serveEvents.count == 2)
            #expect(host.serveEvents.first?.stub?.id == host.stubs.first?.id)
            #expect(host.unmatchedRequests.map(\.url) == ["/missing"])
            #expect(host.receivedRequests.map(\.url) == ["/a", "/missing"])
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aBadPathThrowsInsteadOfFallingBackToTheBaseURL(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            #expect(try host.url("/a?b=c").absoluteString == host.baseURL.absoluteString + "/a?b=c")
            let error = try #require(throws: InvalidStubURL.self) { try host.url("no-slash") }
            #expect(error.path == "no-slash")
            #expect(error.description.contains("no-slash"))
        }
    }

    @Test(arguments: StubTransport.allCases)
    func offlineAndOnlineAreBothAsync(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/a"), .ok())
            await host.goOffline()
            #expect(host.isOffline)
            await host.goOnline()
            #expect(!host.isOffline)
            let reply = try await host.send("/a")
            #expect(reply.status == 200)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func shutdownStopsServingAndOpensGates(_ transport: StubTransport) async throws {
        let host: any StubHost =
            switch transport {
            case .server: try await StubServer.start()
            case .inProcess: try InProcessStubs.start()
            }
        let gate = host.stub(.get("/held"), .ok().held())
        let url = try host.url("/held")
        try await host.shutdown()
        #expect(gate.gate?.isOpen ?? true)
        // Hold the stopped server's port first: a parallel test's server could have taken it,
        // and this request would land in that test's journal. Holding it fails while anything
        // still listens there.
        let held = try url.port.map { try RefusedPort(reserving: $0) }
        await #expect(throws: URLError.self) {
            _ = try await URLSession(configuration: host.sessionConfiguration()).data(from: url)
        }
        withExtendedLifetime(held) {}
    }
}
