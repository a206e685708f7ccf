// Backs the article "Faults, Delays, Gates and Offline"
// (Sources/Understudy/Understudy.docc/FaultsDelaysGatesOffline.md).
import Foundation
import Testing
import Understudy
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FaultsSnippets {
    // Backs FaultsDelaysGatesOffline.md, listing "fault".
    @Test(arguments: StubTransport.allCases)
    func aResetConnection(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/reviews"), .fault(.connectionResetByPeer))
            let client = ReviewsClient(baseURL: host.baseURL, session: host.session)
            do {
                _ = try await client.all()
                Issue.record("the connection was reset")
            } catch let error as URLError {
                #expect(error.code == Fault.connectionResetByPeer.urlErrorCode)  // .networkConnectionLost
            }
        }
    }

    // Backs FaultsDelaysGatesOffline.md, listing "delay".
    @Test func delays() async throws {
        try await withStubServer { server throws in
            server.stub(.get("/fixed"), .ok().delay(.milliseconds(50)))
            server.stub(.get("/realistic"), .ok().delay(.lognormal(median: .milliseconds(20), sigma: 0.3)))
            server.stub(.get("/bounded"), .ok().delay(.uniform(.milliseconds(10)...(.milliseconds(30)))))
            server.stub(.get("/slow-body"), .ok(body: "abcdef").dribble(chunks: 3, over: .milliseconds(60)))
            for path in ["/fixed", "/realistic", "/bounded", "/slow-body"] {
                #expect(try await fetch(try server.url(path), session: server.session).status == 200)
            }
        }
    }

    // Backs FaultsDelaysGatesOffline.md, listing "sequence".
    @Test(arguments: StubTransport.allCases)
    func aJobThatFinishesOnTheThirdPoll(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/job"), sequence: [.accepted(), .accepted(), .ok(json: #"{"done":true}"#)])
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await fetch(try host.url("/job"), session: host.session).status) }
            #expect(statuses == [202, 202, 200, 200])  // the last answer repeats
        }
    }

    // Backs FaultsDelaysGatesOffline.md, listing "gate".
    @Test(arguments: StubTransport.allCases)
    func holdAResponseInFlight(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let gate = host.stub(.post("/reviews"), .created(json: #"{"id":1,"title":"Held"}"#).held())
            let client = ReviewsClient(baseURL: host.baseURL, session: host.session)
            let posting = Task { try await client.create(title: "Held") }

            try await gate.waitUntilHolding(1)  // the request arrived and waits
            // … assert on the "posting…" state of your app here …
            gate.release()
            #expect(try await posting.value.title == "Held")
        }
    }

    // Backs FaultsDelaysGatesOffline.md, listing "offline".
    @Test(arguments: StubTransport.allCases)
    func goingOffline(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/reviews"), .ok(json: "[]"))
            let client = ReviewsClient(baseURL: host.baseURL, session: host.session)

            await host.goOffline()
            do {
                _ = try await client.all()
                Issue.record("offline")
            } catch let error as URLError {
                let expected: URLError.Code = transport == .server ? .networkConnectionLost : .notConnectedToInternet
                #expect(error.code == expected)
            }
            #expect(host.receivedRequests.isEmpty)  // never reached the stubs

            await host.goOnline()
            #expect(try await client.all().isEmpty)
        }
    }
}
