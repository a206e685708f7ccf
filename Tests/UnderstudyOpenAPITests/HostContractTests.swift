import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Swift API: a host started with `openAPI:` mocks from the spec and checks its traffic, over
/// a real socket (StubServer) and in-process alike.
@Suite struct HostContractTests {
    static func petsContract(mode: OpenAPIValidationMode = .report) throws -> OpenAPIContract {
        let fixture = try SpecFixture()
        defer { fixture.remove() }
        return try OpenAPIContract(files: fixture.write("pets.yaml", SpecFixture.pets), mode: mode)
    }

    @Test(arguments: StubTransport.allCases)
    func aRequestNoStubMatchesIsAnsweredFromTheSpec(_ transport: StubTransport) async throws {
        try await withStubs(transport, openAPI: try Self.petsContract()) { host in
            let (data, response) = try await host.session.data(from: host.url("/pets/7"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let pet = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(pet?["name"] is String)
            #expect(host.contractViolations.isEmpty)
            #expect(StrictCheck.problems(in: host).isEmpty)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aStubThatBreaksTheSpecIsAResponseViolation(_ transport: StubTransport) async throws {
        try await withStubs(transport, openAPI: try Self.petsContract(), strict: false) { host in
            host.stub(.get("/pets/1"), .ok(json: #"{"id":"one","name":"Rex"}"#))
            let (data, _) = try await host.session.data(from: host.url("/pets/1"))
            #expect(String(decoding: data, as: UTF8.self).contains("one"))  // served as stubbed

            let violations = host.contractViolations
            #expect(violations.map(\.violation.side) == [.response])
            #expect(violations.first?.violation.pointer == "/id")
            #expect(violations.first?.url == "/pets/1")
        }
    }

    @Test(arguments: StubTransport.allCases)
    func anInvalidRequestIsARequestViolation(_ transport: StubTransport) async throws {
        try await withStubs(transport, openAPI: try Self.petsContract()) { host in
            let (_, response) = try await host.session.data(from: host.url("/pets/abc"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)  // report mode answers as usual
            #expect(host.contractViolations.map(\.violation.location) == ["path.petId"])
            host.reset()
            #expect(host.contractViolations.isEmpty)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func enforceModeRejectsAnInvalidRequestBeforeAnyStub(_ transport: StubTransport) async throws {
        try await withStubs(transport, openAPI: try Self.petsContract(mode: .enforce), strict: false) { host in
            host.stub(.get("/pets"), .ok(json: "[]"))
            let (data, response) = try await host.session.data(from: host.url("/pets?limit=abc"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 400)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
            #expect(String(decoding: data, as: UTF8.self).contains("query.limit"))
        }
    }

    @Test func withoutAContractNothingIsChecked() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.get("/pets/1"), .ok(json: #"{"id":"one"}"#))
            _ = try await stubs.session.data(from: stubs.url("/pets/1"))
            #expect(stubs.contractViolations.isEmpty)
        }
    }
}
