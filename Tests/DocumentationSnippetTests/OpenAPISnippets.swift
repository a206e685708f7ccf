// Backs the article "OpenAPI Contracts" (Sources/Understudy/Understudy.docc/OpenAPI.md).
import Foundation
import Testing
import Understudy
import UnderstudyCore  // ContractChecker's vocabulary (LoggedRequest's full initialiser)
import UnderstudyOpenAPI

@Suite struct OpenAPISnippets {
    static let spec = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/StatusPoster/openapi.yaml").standardizedFileURL

    // Backs OpenAPI.md, listing "check-request".
    @Test func checkARequestAgainstTheSpec() throws {
        let contract = try OpenAPIContract.load([Self.spec], mode: .report)
        let fine = contract.checkRequest(LoggedRequest(method: "GET", url: "/timeline"))
        #expect(fine.operation != nil)
        #expect(fine.violations.isEmpty)

        let nowhere = contract.checkRequest(LoggedRequest(method: "GET", url: "/no-such-path"))
        #expect(!nowhere.violations.isEmpty)
        #expect(nowhere.violations.allSatisfy { $0.side == .request })
    }

    // Backs OpenAPI.md, listing "host".
    @Test func aHostChecksItsTrafficAgainstTheSpec() async throws {
        try await withStubServer(openAPI: try OpenAPIContract(files: Self.spec)) { server in
            server.stub(.get("/timeline"), .ok(json: "[]"))
            _ = try await fetch(try server.url("/timeline"), session: server.session)
            _ = try await fetch(try server.url("/no-such-path"), session: server.session)
            // The second request reaches no operation of the spec: strict mode would fail the test
            // when the scope ends; checked here, it is reported once.
            #expect(server.contractViolations.map(\.url) == ["/no-such-path"])
            #expect(throws: StrictModeFailure.self) { try server.verifyStrictMode() }
        }
    }
}
