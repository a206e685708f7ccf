import Foundation
import UnderstudyCore
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real stub server on 127.0.0.1 with a free port and the WireMock admin API under
/// `/__admin`: for any client, and for what in-process interception cannot do on Linux
/// (redirects, Basic auth challenges, upload bodies, dribbled bodies, real time-outs).
///
/// ```swift
/// try await withStubServer { server in
///     server.stub(.get("/timeline"), .ok(json: "[]"))
///     let (data, _) = try await server.session.data(from: try server.url("/timeline"))
/// }
/// ```
public final class StubServer: StubHost, HTTPSHost, ForwardProxyHost {
    /// The running HTTP server. Not public: ``port``, ``baseURL`` and ``isOffline`` say what a
    /// test needs of it, and the rest is the engine room.
    package let http: StubHTTPServer
    /// The folder the stubs came from, if any; ``reset()`` reloads it.
    package let mappings: MappingDirectory?
    /// A session for this server whose delegate answers every challenge (never a hang on 401):
    /// without credentials a challenge ends in `URLError(.cancelled)`.
    public let session: URLSession

    /// Not API: see ``StubHost/_engineAccess``.
    public let _engineAccess: _StubHostEngine
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { http.baseURL }
    /// The live dashboard of this server, `http://127.0.0.1:<port>/__understudy/`: open it while a
    /// test waits to watch its requests arrive and see why one missed.
    public var dashboardURL: URL { http.dashboardURL }
    /// Always ``StubTransport/server``.
    public var transport: StubTransport { .server }
    /// The bound port.
    public var port: Int { http.port }
    /// `https://127.0.0.1:<port>` when the server was started with `tls:`, else nil.
    public var httpsBaseURL: URL? { http.httpsBaseURL }
    /// The HTTPS listener's port when the server was started with `tls:`, else nil.
    public var httpsPort: Int? { http.httpsPort }
    /// What the HTTPS listener was started with (`StubServerTLS` from `UnderstudyTLS`, whose
    /// extensions on ``StubServer`` give the CA to trust and client configurations), or nil.
    public var tls: (any TLSServerSetup)? { http.tlsSetup }
    /// What the server was started with as a forward proxy (`configuration.forwardProxy`), or
    /// nil; `UnderstudyTLS` gives clients that go through it and trust its CA.
    public var forwardProxy: ForwardProxyMode? { http.forwardProxy }

    private init(http: StubHTTPServer, mappings: MappingDirectory?) {
        self.http = http
        self._engineAccess = _StubHostEngine(http.engine, isOffline: { http.isOffline })
        self.mappings = mappings
        self.session = Self.makeSession(delegate: ChallengeAnsweringDelegate())
    }

    /// Starts a server, first loading a WireMock folder (`mappings/**/*.json`, `__files/`) when given.
    /// - Parameters:
    ///   - root: the WireMock folder to load, if any.
    ///   - openAPI: a contract every request and response is checked against, and that answers
    ///     requests no stub matches, e.g. `try OpenAPIContract(files: "openapi.yaml")` from
    ///     `UnderstudyOpenAPI`. Its violations are in ``StubHost/contractViolations``.
    ///   - configuration: address, limits and logging; by default quiet, with a one-second grace period.
    ///   - proxy: forwards stubs with `proxyBaseUrl`; `UnderstudyRecording` has one
    ///     (without it such stubs answer 500 saying so).
    ///   - tls: adds an HTTPS listener on a free port (``httpsBaseURL``) serving the same stubs:
    ///     `.generated` (from `UnderstudyTLS`) makes a CA and a certificate for loopback.
    /// - Throws: ``StubFolderError`` listing every bad mapping file, or a bind error.
    public static func start(
        root: URL? = nil, openAPI: (any ContractChecker)? = nil, configuration: StubServerConfiguration? = nil,
        proxy: (any ProxyForwarder)? = nil, tls: (any TLSServerSetup)? = nil
    ) async throws -> StubServer {
        let (engine, mappings) = try StubWorld.engine(root: root, contract: openAPI)
        var configuration = configuration ?? quietConfiguration
        if let tls { configuration.https = HTTPSListener(port: configuration.https?.port ?? 0, tls: tls) }
        let server = try await StubHTTPServer.start(
            engine: engine, mappings: mappings, configuration: configuration, proxy: proxy)
        // A webhook stub without a sender is worth one warning, where the server's own go.
        let logger = configuration.logger
        engine.webhooks.warn = { logger.warning("\($0)") }
        return StubServer(http: server, mappings: mappings)
    }

    /// `start(root:openAPI:configuration:proxy:tls:)` for a concrete TLS set-up, so that
    /// `StubServer.start(tls: .generated)` finds `.generated`.
    public static func start<TLS: TLSServerSetup>(
        root: URL? = nil, openAPI: (any ContractChecker)? = nil, configuration: StubServerConfiguration? = nil,
        proxy: (any ProxyForwarder)? = nil, tls: TLS
    ) async throws -> StubServer {
        try await start(
            root: root, openAPI: openAPI, configuration: configuration, proxy: proxy, tls: tls as any TLSServerSetup)
    }

    /// A server over an engine and an admin API another module of this package set up: a fleet
    /// node's admin API goes through its database. Not API.
    package static func start(
        engine: StubEngine, admin: any AdminRequestHandler, mappings: MappingDirectory?,
        configuration: StubServerConfiguration?
    ) async throws -> StubServer {
        var configuration = configuration ?? quietConfiguration
        if configuration.grpcDescriptors == nil, let mappings {
            configuration.grpcDescriptors = mappings.root.appendingPathComponent("grpc")
        }
        let server = try await StubHTTPServer.start(engine: engine, admin: admin, configuration: configuration)
        return StubServer(http: server, mappings: mappings)
    }

    /// Starts a server for the WireMock folder at `root` (relative to the working directory).
    public static func start(root: String) async throws -> StubServer {
        try await start(root: URL(fileURLWithPath: root))
    }

    /// Stops serving and opens every gate; requests in flight finish first (within the grace period).
    public func shutdown() async throws {
        retireGates()
        session.invalidateAndCancel()
        try await http.stop()
    }

    /// Stubs from the root folder only (none without one), an empty journal, scenarios `Started`.
    public func reset() {
        retireGates()
        StubWorld.reset(engine, mappings: mappings)
    }

    /// Resets every open connection (responses in flight, delayed or held, are dropped) and
    /// every new one as soon as it is accepted: clients see `URLError(.networkConnectionLost)`.
    /// The port stays bound, so ``goOnline()`` always gets it back.
    public func goOffline() async {
        await http.goOffline()
    }

    /// Accepts and serves connections again.
    public func goOnline() async {
        http.goOnline()
    }

    /// True between ``goOffline()`` and ``goOnline()``.
    public var isOffline: Bool { http.isOffline }

    /// A new session for this server that answers Basic challenges with these credentials, once
    /// per request (a second challenge, i.e. wrong credentials, ends in `URLError(.cancelled)`).
    public func session(user: String, password: String) -> URLSession {
        Self.makeSession(delegate: ChallengeAnsweringDelegate(user: user, password: password))
    }

    /// No cache, no cookie jar, no credential store: every request is what the test sent, the
    /// same as in-process.
    static func makeSession(delegate: ChallengeAnsweringDelegate) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Logs only warnings and errors, so test output stays readable, and gives requests still
    /// in flight at the end of a test one second (not five) to finish.
    package static var quietConfiguration: StubServerConfiguration {
        var configuration = StubServerConfiguration()
        configuration.logger.logLevel = .warning
        configuration.shutdownGracePeriod = .seconds(1)
        return configuration
    }
}

/// `withStubServer(root:openAPI:configuration:tls:strict:isolation:_:)` for a concrete TLS set-up,
/// so that `withStubServer(tls: .generated)` finds `.generated` (from `UnderstudyTLS`).
public func withStubServer<T, TLS: TLSServerSetup>(
    root: URL? = nil, openAPI: (any ContractChecker)? = nil, configuration: StubServerConfiguration? = nil,
    tls: TLS, strict: Bool = true, isolation: isolated (any Actor)? = #isolation,
    _ body: (StubServer) async throws -> T
) async throws -> T {
    try await withStubServer(
        root: root, openAPI: openAPI, configuration: configuration, tls: tls as (any TLSServerSetup)?,
        strict: strict, body)
}

/// Runs `body` with a fresh ``StubServer`` and always shuts it down, even when `body` throws.
/// With `tls`, the server also serves HTTPS (``StubServer/httpsBaseURL``); with `openAPI`, it
/// mocks from and validates against that contract.
///
/// Strict by default: once `body` returns and the server has stopped, a request no stub
/// matched, a broken contract or an unmet `expected(times:)` throws ``StrictModeFailure`` (see
/// ``StubHost/verifyStrictMode()``). `strict: false` turns that off. When `body` throws, its
/// error is what the caller gets.
public func withStubServer<T>(
    root: URL? = nil, openAPI: (any ContractChecker)? = nil, configuration: StubServerConfiguration? = nil,
    tls: (any TLSServerSetup)? = nil, strict: Bool = true, isolation: isolated (any Actor)? = #isolation,
    _ body: (StubServer) async throws -> T
) async throws -> T {
    let server = try await StubServer.start(root: root, openAPI: openAPI, configuration: configuration, tls: tls)
    let result: T
    do {
        result = try await body(server)
    } catch {
        try? await server.shutdown()
        throw error
    }
    try await server.shutdown()
    if strict { try server.verifyStrictMode() }
    return result
}
