import Foundation
import UnderstudyCore

/// How a test reaches its stubs.
public enum StubTransport: String, Sendable, CaseIterable, CustomStringConvertible {
    /// URLProtocol interception: no socket, a session routed to a host of its own.
    case inProcess
    /// A real HTTP server on 127.0.0.1 with a free port.
    case server

    /// `inProcess` or `server`, as test arguments are shown.
    public var description: String { rawValue }
}

/// Runs `body` with a fresh stub host of the given transport and always shuts it down, so one test
/// can run over both (`@Test(arguments: StubTransport.allCases)`).
/// - Parameters:
///   - transport: a server or in-process interception.
///   - root: a WireMock folder (`mappings/`, `__files/`) to load first.
///   - openAPI: a contract to mock from and check traffic against (see ``StubHost/contractViolations``).
///   - strict: once `body` returns, throw ``StrictModeFailure`` for each request no stub matched,
///     broken contract and unmet `expected(times:)` not reported already (see
///     ``StubHost/verifyStrictMode()``). On by default.
///   - isolation: the caller's actor, inherited by `body`.
///   - body: the test, given the host.
public func withStubs<T>(
    _ transport: StubTransport, root: URL? = nil, openAPI: (any ContractChecker)? = nil, strict: Bool = true,
    isolation: isolated (any Actor)? = #isolation, _ body: (any StubHost) async throws -> T
) async throws -> T {
    switch transport {
    case .inProcess:
        return try await withInProcessStubs(root: root, openAPI: openAPI, strict: strict) { try await body($0) }
    case .server:
        return try await withStubServer(root: root, openAPI: openAPI, strict: strict) { try await body($0) }
    }
}
