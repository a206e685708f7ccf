import Foundation
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One rule for strictness: every scope is strict unless told `strict: false`, `.expected(times:)`
/// counts wherever it is set, and a problem the test reported itself is not reported again.
@Suite struct StrictScopeTests {
    @Test(arguments: StubTransport.allCases)
    func aScopeThrowsForAnUnmatchedRequestWithItsNearMiss(_ transport: StubTransport) async throws {
        let failure = await #expect(throws: StrictModeFailure.self) {
            try await withStubs(transport) { host in
                host.stub(.get("/timeline"), .ok(json: "[]"))
                _ = try await host.session.data(from: host.url("/timelin"))
            }
        }
        #expect(failure?.problems.count == 1)
        #expect(failure?.problems.first?.contains("Unmatched request: GET /timelin") == true)
        #expect(failure?.description.contains("/timeline") == true)  // the diff names the closest stub
    }

    @Test func anUnmetExpectationFailsTheScope() async throws {
        let failure = await #expect(throws: StrictModeFailure.self) {
            try await withStubServer { server in
                server.stub(.get("/page"), .ok()).expected(times: 5)
                for _ in 0..<4 { _ = try await server.session.data(from: server.url("/page")) }
            }
        }
        #expect(failure?.problems.count == 1)
        #expect(failure?.problems.first?.contains("expected to be used exactly 5 times, but was used 4") == true)
    }

    @Test(arguments: StubTransport.allCases)
    func strictFalseOptsOut(_ transport: StubTransport) async throws {
        let status = try await withStubs(transport, strict: false) { host in
            host.stub(.get("/a"), .ok()).expected(times: 2)
            let (_, response) = try await host.session.data(from: host.url("/nothing"))
            return (response as? HTTPURLResponse)?.statusCode
        }
        #expect(status == 404)
    }

    @Test func theBodysOwnErrorIsWhatTheCallerGets() async throws {
        struct ClientGaveUp: Error {}
        await #expect(throws: ClientGaveUp.self) {
            try await withInProcessStubs { stubs in
                _ = try await stubs.session.data(from: stubs.url("/missing"))
                throw ClientGaveUp()
            }
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aProblemVerifiedInTheScopeIsNotReportedAgain(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            _ = try await host.session.data(from: host.url("/must-not-happen"))
            #expect(throws: StrictModeFailure.self) { try host.verifyStrictMode() }
            #expect(host.strictModeProblems.isEmpty)
        }
    }

    @Test func aLaterProblemIsStillReported() async throws {
        let failure = await #expect(throws: StrictModeFailure.self) {
            try await withInProcessStubs { stubs in
                _ = try await stubs.session.data(from: stubs.url("/first"))
                #expect(throws: StrictModeFailure.self) { try stubs.verifyStrictMode() }
                _ = try await stubs.session.data(from: stubs.url("/second"))
            }
        }
        #expect(failure?.problems.count == 1)
        #expect(failure?.problems.first?.contains("GET /second") == true)
    }

    /// A stub expected never to be used: each further use is a new problem, reported once.
    @Test func anotherUseOfAStubExpectedNeverIsANewProblem() async throws {
        let failure = await #expect(throws: StrictModeFailure.self) {
            try await withStubServer { server in
                server.stub(.delete("/account"), .ok()).expected(times: 0)
                var delete = URLRequest(url: try server.url("/account"))
                delete.httpMethod = "DELETE"
                _ = try await server.session.data(for: delete)
                #expect(throws: StrictModeFailure.self) { try server.verifyStrictMode() }
                _ = try await server.session.data(for: delete)
            }
        }
        #expect(failure?.problems.count == 1)
        #expect(failure?.problems.first?.contains("but was used 2") == true)
    }
}

/// In a test with a trait, `withKnownIssue` holds a strict-mode failure the test expects, and the
/// trait does not report it again when the test ends (if it did, these tests would fail).
@Suite(.stubServer())
struct StrictKnownIssueTests {
    @Test func aRequestThatMustNotHappenIsAKnownIssue() async throws {
        let server = try StubServer.current
        _ = try await server.session.data(from: server.url("/never"))
        try withKnownIssue {
            try server.verifyStrictMode()
        } matching: { issue in
            issue.description.contains("Unmatched request: GET /never")
        }
    }

    @Test func anUnusedStubIsAKnownIssueWithExpect() throws {
        let server = try StubServer.current
        server.stub(.get("/promised"), .ok()).expected(times: 1)
        withKnownIssue {
            server.expectStrictMode()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("expected to be used exactly 1 time, but was used 0") }
        }
    }
}
