import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Strict mode with a contract: each request that broke it, or whose response did, is one issue
/// with a table of the rules broken, as an unmatched request is one issue with its diff.
@Suite struct ContractStrictModeTests {
    @Test(arguments: StubTransport.allCases)
    func aViolationIsReportedWithTheRuleAndTheReason(_ transport: StubTransport) async throws {
        try await withStubs(transport, openAPI: try HostContractTests.petsContract(), strict: false) { host in
            host.stub(.get("/pets/abc"), .ok(json: #"{"id":0,"name":"Rex"}"#))
            _ = try await host.session.data(from: host.url("/pets/abc"))

            let problems = StrictCheck.problems(in: host)

            #expect(problems.count == 1)  // one request, its own and its response's violations together
            let report = try #require(problems.first)
            #expect(report.hasPrefix("Contract violation: GET /pets/abc\n"))
            #expect(report.contains("Request broke the contract"))
            #expect(report.contains("Response broke the contract"))
            #expect(report.contains("<<<<< path.petId does not match"))
            #expect(report.contains("<<<<< body /id does not match"))
            #expect(report.contains("#/paths/~1pets~1{petId}/get/parameters/0"))
        }
    }

    @Test(arguments: [
        StubHostTrait.stubServer(openAPI: try HostContractTests.petsContract()),
        StubHostTrait.inProcessStubs(openAPI: try HostContractTests.petsContract())
    ])
    func theTraitRecordsAViolationWhenTheTestEnds(_ trait: StubHostTrait) async throws {
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let host: any StubHost =
                    trait.transport == .server ? try StubServer.current : try InProcessStubs.current
                host.stub(.get("/pets/2"), .ok(json: #"{"id":2}"#))
                _ = try await host.session.data(from: host.url("/pets/2"))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Contract violation: GET /pets/2") }
        }
    }

    @Test func aTraitThatMocksFromTheSpecRecordsNothing() async throws {
        let test = try #require(Test.current)
        let trait = StubHostTrait.inProcessStubs(openAPI: try HostContractTests.petsContract())
        try await trait.provideScope(for: test, testCase: Test.Case.current) {
            let stubs = try InProcessStubs.current
            let (_, response) = try await stubs.session.data(from: stubs.url("/pets/mine"))
            #expect((response as? HTTPURLResponse)?.statusCode == 204)
        }
    }

    @Test func aSpecThatDoesNotLoadFailsTheTestWithItsReason() async throws {
        let test = try #require(Test.current)
        let missing = "/nonexistent/understudy-\(UUID().uuidString).yaml"
        let trait = StubHostTrait.stubServer(openAPI: try OpenAPIContract(files: missing))
        await #expect(throws: OpenAPISpecError.self) {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {}
        }
    }

    @Test func expectNoContractViolationsRecordsThemOnDemand() async throws {
        try await withInProcessStubs(openAPI: try HostContractTests.petsContract()) { stubs in
            _ = try await stubs.session.data(from: stubs.url("/pets?limit=0"))
            withKnownIssue {
                stubs.expectNoContractViolations()
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("query.limit") }
            }
            stubs.reset()
            #expect(stubs.expectNoContractViolations())
        }
    }
}
