import Foundation
import Testing
import Understudy

/// Gives each test a fresh stub host, reachable as `StubServer.current` or
/// `InProcessStubs.current`, started before the test and closed after it, so tests running in
/// parallel never share stubs. On a suite it applies to every test in it.
///
/// In strict mode (the default) the end of each test also checks the host: every request no
/// stub matched, and every stub marked `StubHandle.expected(times:)` that was not
/// used as promised, records an issue with the near-miss diff; every request that broke the
/// host's contract (`openAPI:`), or whose response did, records one with a table of the rules broken.
///
/// ```swift
/// @Test(.stubServer(root: "Stubs")) func timeline() async throws {
///     let server = try StubServer.current
/// }
/// ```
public struct StubHostTrait: TestTrait, SuiteTrait, TestScoping {
    /// Which transport the host uses.
    public var transport: StubTransport
    /// A WireMock folder (`mappings/`, `__files/`) to load first.
    public var root: URL?
    /// Check for unmatched requests and unmet `.expected(times:)` at the end of each test.
    public var strict: Bool
    /// Makes each test's HTTPS set-up (server transport only); nil serves plain HTTP only.
    public var tls: (@Sendable () throws -> any TLSServerSetup)? = nil
    /// Makes each test's contract (e.g. `OpenAPIContract` from `UnderstudyOpenAPI`); nil for none.
    /// Called when the test starts, so a spec that does not load fails that test with its reason.
    public var openAPI: @Sendable () throws -> (any ContractChecker)? = { nil }

    /// Applies to every test of a suite.
    public var isRecursive: Bool { true }

    /// One scope per test case (never one for a whole suite: each test gets its own host).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> StubHostTrait? {
        testCase == nil ? nil : self
    }

    /// Opens the host, runs the test with it as the task-local current host, checks it in
    /// strict mode, and always shuts it down.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let location = test.sourceLocation
        switch transport {
        case .server:
            let server = try await StubServer.start(root: root, openAPI: try openAPI(), tls: try tls?())
            do {
                try await StubServer.$scoped.withValue(server) { try await function() }
            } catch {
                checkStrictly(server, at: location)
                try? await server.shutdown()
                throw error
            }
            checkStrictly(server, at: location)
            try await server.shutdown()
        case .inProcess:
            let stubs = try InProcessStubs.start(root: root, openAPI: try openAPI())
            defer { stubs.closeNow() }
            do {
                try await InProcessStubs.$scoped.withValue(stubs) { try await function() }
            } catch {
                checkStrictly(stubs, at: location)
                throw error
            }
            checkStrictly(stubs, at: location)
        }
    }

    private func checkStrictly(_ host: any StubHost, at location: SourceLocation) {
        guard strict else { return }
        for problem in host.reportStrictModeProblems() {
            Issue.record(Comment(rawValue: problem), sourceLocation: location)
        }
    }
}

extension Trait where Self == StubHostTrait {
    /// A fresh `StubServer` per test on 127.0.0.1 with a free port, loading the
    /// WireMock folder at `root` (relative to the working directory) when given.
    /// - Parameters:
    ///   - root: the WireMock folder, relative to the working directory; nil for none.
    ///   - openAPI: a contract to mock from and check traffic against, made anew for each
    ///     test: `.stubServer(root: "Stubs", openAPI: try OpenAPIContract(files: "openapi.yaml"))`.
    ///   - strict: at the end of the test, record an issue for each unmatched request, unmet
    ///     expectation and contract violation.
    public static func stubServer(
        root: String? = nil,
        openAPI: @autoclosure @escaping @Sendable () throws -> (any ContractChecker)? = nil, strict: Bool = true
    ) -> StubHostTrait {
        StubHostTrait(
            transport: .server, root: root.map { URL(fileURLWithPath: $0) }, strict: strict, openAPI: openAPI)
    }

    /// A fresh `StubServer` per test, loading the WireMock folder at `root`.
    public static func stubServer(
        root: URL?, openAPI: @autoclosure @escaping @Sendable () throws -> (any ContractChecker)? = nil,
        strict: Bool = true
    ) -> StubHostTrait {
        StubHostTrait(transport: .server, root: root, strict: strict, openAPI: openAPI)
    }

    /// A fresh `StubServer` per test that also serves HTTPS (its `httpsBaseURL`),
    /// with a TLS set-up made anew for each test: `.stubServer(root: "Stubs", tls: try .generated)`
    /// (`.generated` comes from `UnderstudyTLS`, which links BoringSSL).
    public static func stubServer<TLS: TLSServerSetup>(
        root: String? = nil, tls: @autoclosure @escaping @Sendable () throws -> TLS,
        openAPI: @autoclosure @escaping @Sendable () throws -> (any ContractChecker)? = nil, strict: Bool = true
    ) -> StubHostTrait {
        StubHostTrait(
            transport: .server, root: root.map { URL(fileURLWithPath: $0) }, strict: strict, tls: { try tls() },
            openAPI: openAPI)
    }

    /// A fresh `InProcessStubs` per test, strict, with no stubs.
    public static var inProcessStubs: StubHostTrait {
        StubHostTrait(transport: .inProcess, root: nil, strict: true)
    }

    /// A fresh `InProcessStubs` per test, loading the WireMock folder at `root`.
    /// - Parameters:
    ///   - root: the WireMock folder; nil for none.
    ///   - openAPI: a contract to mock from and check traffic against, made anew for each test.
    ///   - strict: at the end of the test, record an issue for each unmatched request, unmet
    ///     expectation and contract violation.
    public static func inProcessStubs(
        root: URL? = nil, openAPI: @autoclosure @escaping @Sendable () throws -> (any ContractChecker)? = nil,
        strict: Bool = true
    ) -> StubHostTrait {
        StubHostTrait(transport: .inProcess, root: root, strict: strict, openAPI: openAPI)
    }
}
