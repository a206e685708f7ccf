import Foundation
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Strict mode, run by hand on a host (the traits run the same check at the end of a test).
@Suite struct StrictModeTests {
    @Test(arguments: StubTransport.allCases)
    func anUnmatchedRequestIsReportedWithItsNearMiss(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host in
            host.stub(.get("/timeline"), .ok(json: "[]"))
            _ = try await host.session.data(from: host.url("/timelin"))

            let problems = StrictCheck.problems(in: host)

            #expect(problems.count == 1)
            #expect(problems.first?.contains("Unmatched request: GET /timelin") == true)
            #expect(problems.first?.contains("/timeline") == true)  // the diff names the closest stub
        }
    }

    @Test func anUnmetExpectationIsReported() async throws {
        try await withInProcessStubs(strict: false) { stubs in
            stubs.stub(.get("/a"), .ok()).expected(times: 2)
            stubs.stub(.get("/b"), .ok()).expected(.atMost(1))
            _ = try await stubs.session.data(from: stubs.url("/a"))
            _ = try await stubs.session.data(from: stubs.url("/b"))

            let problems = StrictCheck.problems(in: stubs)

            #expect(problems.count == 1)
            #expect(problems.first?.contains("expected to be used exactly 2 times, but was used 1") == true)
        }
    }

    @Test func theExpectationIsInTheStubsJSON() async throws {
        try await withInProcessStubs(strict: false) { stubs in
            let handle = stubs.stub(.get("/a"), .ok()).expected(times: 3)
            let metadata = try #require(handle.mappings.first?.metadata?[StubExpectation.metadataKey]?.objectValue)
            #expect(metadata["mode"]?.stringValue == "exactly")
            #expect(metadata["times"]?.numberValue?.text == "3")
        }
    }

    @Test func aStaticFileIsNotAMiss() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data("hello".utf8).write(to: root.appendingPathComponent("__files/hello.txt"))
        defer { try? FileManager.default.removeItem(at: root) }
        try await withStubServer(root: root) { server in
            _ = try await server.session.data(from: server.url("/hello.txt"))
            #expect(StrictCheck.problems(in: server).isEmpty)
        }
    }
}

/// The traits: a fresh host per test, found through the task-local `current`.
@Suite(.stubServer())
struct StubServerTraitTests {
    @Test func eachTestHasItsOwnServer() async throws {
        let server = try StubServer.current
        #expect(server.stubs.isEmpty)
        server.stub(.get("/mine"), .ok(body: "one"))
        let (data, _) = try await server.session.data(from: server.url("/mine"))
        #expect(String(decoding: data, as: UTF8.self) == "one")
    }

    @Test func anotherTestDoesNotSeeTheFirstOnesStubs() throws {
        let server = try StubServer.current
        #expect(server.stubs.isEmpty)
        #expect(throws: NoCurrentStubHost.self) { try InProcessStubs.current }
    }

    @Test func strictModeRecordsAnIssueForAnUnmatchedRequest() async throws {
        let server = try StubServer.current
        _ = try await server.session.data(from: server.url("/nothing-here"))
        // Recorded now so the known-issue block can catch it; the trait would record it at the end.
        withKnownIssue {
            server.expectNoUnmatchedRequests()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Unmatched request: GET /nothing-here") }
        }
        // Recorded once: the trait's end-of-test check leaves out what was recorded here.
    }
}

@Suite struct InProcessTraitTests {
    @Test(.inProcessStubs)
    func theCurrentStubSetAnswers() async throws {
        let stubs = try InProcessStubs.current
        stubs.stub(.get("/x"), .ok(body: "in-process"))
        let (data, _) = try await stubs.session.data(from: stubs.url("/x"))
        #expect(String(decoding: data, as: UTF8.self) == "in-process")
    }

    @Test func withoutTheTraitThereIsNone() {
        #expect(throws: NoCurrentStubHost.self) { try StubServer.current }
    }
}

/// The trait's own end-of-test check, run by calling its scope from inside a test.
@Suite struct TraitScopeTests {
    @Test(arguments: [StubHostTrait.stubServer(), StubHostTrait.inProcessStubs])
    func theTraitRecordsAnUnmatchedRequestWhenTheTestEnds(_ trait: StubHostTrait) async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let host: any StubHost =
                    trait.transport == .server ? try StubServer.current : try InProcessStubs.current
                _ = try await host.session.data(from: host.url("/unexpected"))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Unmatched request: GET /unexpected") }
        }
    }

    @Test func theTraitRecordsAnUnusedExpectedStub() async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await StubHostTrait.inProcessStubs.provideScope(for: test, testCase: Test.Case.current) {
                try InProcessStubs.current.stub(.get("/promised"), .ok()).expected(times: 1)
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("expected to be used exactly 1 time, but was used 0") }
        }
    }

    @Test func aNonStrictTraitRecordsNothing() async throws {
        let test = try #require(Test.current)
        try await StubHostTrait.inProcessStubs(strict: false).provideScope(for: test, testCase: Test.Case.current) {
            let stubs = try InProcessStubs.current
            _ = try await stubs.session.data(from: stubs.url("/unexpected"))
        }
    }
}
