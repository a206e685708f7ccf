import Foundation
import UnderstudyCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stubs served without a socket, through a URLProtocol, to a host of their own
/// (`http://<uuid>.understudy.invalid`), so parallel tests never see each other's stubs.
///
/// Use ``session`` (or ``configure(_:)`` on your own configuration). What Linux cannot do
/// in-process (redirects, Basic 401 challenges, upload bodies, dribbled bodies, proxying) fails at
/// once with `URLError(.resourceUnavailable)` and a message that names the server transport.
///
/// ```swift
/// try await withInProcessStubs { stubs in
///     stubs.stub(.get("/timeline"), .ok(json: "[]"))
///     let client = TimelineClient(baseURL: stubs.baseURL, session: stubs.session)
/// }
/// ```
public final class InProcessStubs: StubHost {
    /// The stubs, journal and files this stub set answers from.
    package let engine: StubEngine
    /// Not API: see ``StubHost/_engineAccess``.
    public let _engineAccess: _StubHostEngine
    /// `http://<uuid>.understudy.invalid`.
    public let baseURL: URL
    /// The host part of ``baseURL``.
    public let host: String
    /// The folder the stubs came from, if any; ``reset()`` reloads it.
    package let mappings: MappingDirectory?
    /// An ephemeral session with the in-process protocol first in its protocol list.
    public let session: URLSession
    /// Online or not, and the requests in flight to drop when going offline.
    package let connectivity: InProcessConnectivity
    /// Always ``StubTransport/inProcess``.
    public var transport: StubTransport { .inProcess }

    /// Opens a stub set for long-lived use (shut it down with ``shutdown()``), first loading a
    /// WireMock folder when given: the in-process twin of `StubServer.start(…)`.
    /// In a test, `withInProcessStubs` or the `.inProcessStubs` trait open and close one for you.
    /// - Parameters:
    ///   - root: a WireMock folder (`mappings/`, `__files/`) to load first, if any.
    ///   - openAPI: a contract every request and response is checked against, and that
    ///     answers requests no stub matches, e.g. `try OpenAPIContract(files: "openapi.yaml")` from
    ///     `UnderstudyOpenAPI`. Its violations are in ``StubHost/contractViolations``.
    /// - Throws: ``StubFolderError`` listing every bad mapping file.
    public static func start(root: URL? = nil, openAPI: (any ContractChecker)? = nil) throws -> InProcessStubs {
        try InProcessStubs(opening: root, openAPI: openAPI)
    }

    /// Opens a stub set: say ``start(root:openAPI:)``, as for a server.
    @available(*, deprecated, renamed: "start(root:openAPI:)")
    public convenience init(root: URL? = nil, openAPI: (any ContractChecker)? = nil) throws {
        try self.init(opening: root, openAPI: openAPI)
    }

    private init(opening root: URL?, openAPI: (any ContractChecker)?) throws {
        let (engine, mappings) = try StubWorld.engine(root: root, contract: openAPI)
        self.engine = engine
        let connectivity = InProcessConnectivity()
        self.connectivity = connectivity
        self._engineAccess = _StubHostEngine(engine, connectivity: connectivity)
        self.mappings = mappings
        host = "\(UUID().lowercasedString).\(InProcessRegistry.domain)"
        baseURL = URL(string: "http://\(host)") ?? URL(fileURLWithPath: "/")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        Self.prependProtocol(to: configuration)
        session = URLSession(configuration: configuration)
        InProcessRegistry.shared.register(
            InProcessRoute(engine: engine, connectivity: connectivity, responder: _engineAccess.responder), host: host)
    }

    deinit {
        InProcessRegistry.shared.unregister(host: host)
    }

    /// Stops answering and opens every gate: later requests to ``baseURL`` fail with
    /// `URLError(.cannotFindHost)`. Never throws; `async throws` to match ``StubServer``.
    public func shutdown() async throws {
        closeNow()
    }

    /// What ``shutdown()`` does, for the synchronous clean-up paths (`defer`, XCTest tear-down).
    package func closeNow() {
        retireGates()
        InProcessRegistry.shared.unregister(host: host)
        connectivity.close()
        session.invalidateAndCancel()
    }

    /// Stubs from the root folder only (none without one), an empty journal, scenarios `Started`.
    public func reset() {
        retireGates()
        StubWorld.reset(engine, mappings: mappings)
    }

    /// Fails every request in flight (delayed or held) and every new one with
    /// `URLError(.notConnectedToInternet)`, before it reaches the stubs or the journal.
    public func goOffline() async {
        connectivity.goOffline()
    }

    /// Answers requests again.
    public func goOnline() async {
        connectivity.goOnline()
    }

    /// True between ``goOffline()`` and ``goOnline()``.
    public var isOffline: Bool { connectivity.isOffline }

    /// Puts the in-process protocol first in `configuration`'s protocol list, for a session of
    /// your own. It must come first: the built-in HTTP protocol is already in the list and
    /// would otherwise take the request to the network.
    public func configure(_ configuration: URLSessionConfiguration) {
        Self.prependProtocol(to: configuration)
    }

    static func prependProtocol(to configuration: URLSessionConfiguration) {
        let others = (configuration.protocolClasses ?? []).filter { $0 != InProcessURLProtocol.self }
        configuration.protocolClasses = [InProcessURLProtocol.self] + others
    }
}

/// Runs `body` with a fresh ``InProcessStubs`` and always shuts it down, even when `body` throws.
///
/// Strict by default: once `body` returns, a request no stub matched, a broken contract or an
/// unmet `expected(times:)` throws ``StrictModeFailure`` (see ``StubHost/verifyStrictMode()``).
/// `strict: false` turns that off. When `body` throws, its error is what the caller gets.
public func withInProcessStubs<T>(
    root: URL? = nil, openAPI: (any ContractChecker)? = nil, strict: Bool = true,
    isolation: isolated (any Actor)? = #isolation, _ body: (InProcessStubs) async throws -> T
) async throws -> T {
    let stubs = try InProcessStubs.start(root: root, openAPI: openAPI)
    defer { stubs.closeNow() }
    let result = try await body(stubs)
    stubs.closeNow()
    if strict { try stubs.verifyStrictMode() }
    return result
}
