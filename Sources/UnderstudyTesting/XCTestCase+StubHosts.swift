import Foundation
import Understudy
import XCTest

extension XCTestCase {
    /// Starts a `StubServer` for this test and shuts it down in tear-down. Failures of
    /// `expect(_:_:sourceLocation:)` and friends on it are recorded on this test.
    /// - Parameters:
    ///   - root: a WireMock folder to load, if any.
    ///   - openAPI: a contract to mock from and check traffic against (`OpenAPIContract`).
    ///   - strict: at tear-down, fail the test for unmatched requests and unmet
    ///     `.expected(times:)`, with the near-miss diff, and for each request that broke the contract.
    ///   - file: where strict-mode failures are reported.
    ///   - line: where strict-mode failures are reported.
    public func startStubServer(
        root: URL? = nil, openAPI: (any ContractChecker)? = nil, strict: Bool = true, file: StaticString = #filePath,
        line: UInt = #line
    ) async throws -> StubServer {
        let server = try await StubServer.start(root: root, openAPI: openAPI)
        XCTestOwners.shared.bind(server, to: self)
        addTeardownBlock {
            if strict { Self.recordStrictProblems(of: server, file: file, line: line) }
            XCTestOwners.shared.unbind(server)
            try await server.shutdown()
        }
        return server
    }

    /// Opens `InProcessStubs` for this test and shuts them down in tear-down.
    public func startInProcessStubs(
        root: URL? = nil, openAPI: (any ContractChecker)? = nil, strict: Bool = true, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> InProcessStubs {
        let stubs = try InProcessStubs.start(root: root, openAPI: openAPI)
        XCTestOwners.shared.bind(stubs, to: self)
        addTeardownBlock {
            if strict { Self.recordStrictProblems(of: stubs, file: file, line: line) }
            XCTestOwners.shared.unbind(stubs)
            try await stubs.shutdown()
        }
        return stubs
    }

    private static func recordStrictProblems(of host: any StubHost, file: StaticString, line: UInt) {
        for problem in host.reportStrictModeProblems() {
            XCTFail(problem, file: file, line: line)
        }
    }
}
