import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyGRPC

/// A real HTTP/1.1 server on a socket (and, when configured, an HTTPS one beside it) that serves
/// one `StubEngine`, with WireMock's faults and delays at the socket level and, when given one,
/// the admin API under `/__admin`.
///
/// ```swift
/// let server = try await StubHTTPServer.start(engine: StubEngine())
/// defer { Task { try await server.stop() } }
/// let (data, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("hello"))
/// ```
public final class StubHTTPServer: Sendable {
    /// The stubs, journal and files this server answers from.
    public let engine: StubEngine
    /// The port actually bound (a free one when the configuration asked for 0).
    public let port: Int
    /// The address actually bound.
    public let host: String
    /// `http://host:port`, for clients under test.
    public let baseURL: URL
    /// The HTTPS listener's port, when the configuration asked for one.
    public let httpsPort: Int?
    /// `https://host:port`, when the configuration asked for an HTTPS listener.
    public let httpsBaseURL: URL?

    /// What the HTTPS listener puts in front of each connection, when there is one.
    public let tlsSetup: (any TLSServerSetup)?
    /// What the server was started with as a forward proxy, or nil when it is not one.
    public var forwardProxy: ForwardProxyMode? { environment.configuration.forwardProxy }

    private let serverChannel: any Channel
    private let httpsServerChannel: (any Channel)?
    private let environment: ConnectionEnvironment
    /// The live dashboard, `<baseURL>/__understudy/`.
    public var dashboardURL: URL { URL(string: baseURL.absoluteString + "/__understudy/") ?? baseURL }
    /// The dashboard's live feed (for tests that check it does no work while no page is open).
    var dashboardFeed: DashboardFeed { environment.dashboardFeed }
    let connections: OpenConnections
    private let gracePeriod: Duration
    private let logger: Logger
    /// The server's own pool for blocking work, when the configuration asked for one.
    private let blockingPool: NIOThreadPool?
    private let stopping = Mutex(false)
    private let stopped = StopSignal()
    /// Fired once `stop()` has asked every open connection to quiesce (the events are queued on
    /// their loops, ahead of anything queued there later): lets a test order an answer after it.
    let quiesceRequested = StopSignal()

    private init(
        engine: StubEngine, channel: any Channel, httpsChannel: (any Channel)?, connections: OpenConnections,
        environment: ConnectionEnvironment, configuration: StubServerConfiguration, blockingPool: NIOThreadPool?
    ) throws {
        self.engine = engine
        self.blockingPool = blockingPool
        self.environment = environment
        self.serverChannel = channel
        self.httpsServerChannel = httpsChannel
        self.tlsSetup = httpsChannel == nil ? nil : configuration.https?.tls
        self.connections = connections
        self.gracePeriod = configuration.shutdownGracePeriod
        self.logger = configuration.logger
        guard let address = channel.localAddress, let port = address.port else { throw StubServerError.notBound }
        self.port = port
        self.host = address.ipAddress ?? configuration.host
        let urlHost = host.contains(":") ? "[\(host)]" : host
        guard let url = URL(string: "http://\(urlHost):\(port)") else { throw StubServerError.notBound }
        self.baseURL = url
        if let httpsChannel {
            guard let httpsPort = httpsChannel.localAddress?.port,
                let httpsURL = URL(string: "https://\(urlHost):\(httpsPort)")
            else { throw StubServerError.notBound }
            self.httpsPort = httpsPort
            self.httpsBaseURL = httpsURL
        } else {
            self.httpsPort = nil
            self.httpsBaseURL = nil
        }
    }

    deinit {
        // A server dropped without stop() must not keep its ports.
        serverChannel.close(promise: nil)
        httpsServerChannel?.close(promise: nil)
        blockingPool?.shutdownGracefully { _ in }
    }

    /// Binds and starts serving, with the WireMock admin API over `engine` under `/__admin`.
    /// - Parameters:
    ///   - engine: the stubs, journal and files to serve.
    ///   - mappings: the folder the admin API's `save` writes and its `reset` reloads, if any.
    ///   - configuration: address, port and limits, and the HTTPS listener if any.
    ///   - proxy: forwards stubs with `proxyBaseUrl` upstream.
    public static func start(
        engine: StubEngine, mappings: MappingDirectory?, configuration: StubServerConfiguration = .init(),
        proxy: (any ProxyForwarder)? = nil
    ) async throws -> StubHTTPServer {
        var configuration = configuration
        if configuration.grpcDescriptors == nil, let mappings {
            configuration.grpcDescriptors = mappings.root.appendingPathComponent("grpc")
        }
        return try await start(
            engine: engine, admin: WireMockAdminAPI(engine: engine, mappings: mappings), configuration: configuration,
            proxy: proxy)
    }

    /// Binds and starts serving. The port is known when this returns.
    /// - Parameters:
    ///   - engine: the stubs, journal and files to serve.
    ///   - admin: answers `/__admin/…`; without one those paths get a 404 JSON error.
    ///   - configuration: address, port and limits, and the HTTPS listener if any.
    ///   - proxy: forwards stubs with `proxyBaseUrl` upstream (`AsyncHTTPProxyForwarder` in
    ///     `UnderstudyRecording`); without one such stubs are answered 500 with a message saying so.
    /// - Throws: a bind error, or a gRPC descriptor in `configuration.grpcDescriptors` that is not
    ///   a descriptor set (named in the error).
    public static func start(
        engine: StubEngine, admin: (any AdminRequestHandler)? = nil, configuration: StubServerConfiguration = .init(),
        proxy: (any ProxyForwarder)? = nil
    ) async throws -> StubHTTPServer {
        let connections = OpenConnections()
        let link = ShutdownLink()
        let streaming = StreamingResponses()
        let feed = DashboardFeed(journal: engine.journal, store: engine.store)
        let grpc = try GRPCServices(folder: configuration.grpcDescriptors)
        let blockingPool = configuration.blockingThreads.map { NIOThreadPool(numberOfThreads: max(1, $0)) }
        blockingPool?.start()
        let offLoop = ThreadPoolOffLoop(pool: blockingPool ?? .singleton)
        var admin: (any AdminRequestHandler)? = admin.map { GRPCAdminExtension(base: $0, services: grpc) }
        if let forwardProxy = configuration.forwardProxy {
            engine.browserProxying = true
            admin = ProxyCertificateRoute(base: admin, interception: forwardProxy.interception)
        }
        let environment = ConnectionEnvironment(
            engine: engine, admin: admin, proxy: proxy, configuration: configuration, requestShutdown: link.trigger,
            isOffline: { connections.isOffline }, offLoop: offLoop, streamingResponses: streaming, dashboardFeed: feed,
            grpc: grpc)
        let channel = try await bind(configuration.host, configuration.port, connections: connections) { channel in
            try ConnectionPipeline.configure(channel, environment: environment)
        }
        var httpsChannel: (any Channel)?
        let server: StubHTTPServer
        do {
            if let https = configuration.https {
                // The same engine, admin API, proxy and connection set (so offline and stop cover
                // both listeners); only the scheme the journal records differs.
                let secure = ConnectionEnvironment(
                    engine: engine, admin: admin, proxy: proxy, configuration: configuration,
                    requestShutdown: link.trigger, isOffline: { connections.isOffline }, offLoop: offLoop,
                    scheme: "https",
                    tls: https.tls, streamingResponses: streaming, dashboardFeed: feed, grpc: grpc)
                httpsChannel = try await bind(configuration.host, https.port, connections: connections) { channel in
                    try channel.pipeline.syncOperations.addHandler(SocketEndCloser())
                    try https.tls.addTLSHandler(to: channel)
                    try ConnectionPipeline.configureAfterTLS(channel, environment: secure)
                }
            }
            server = try StubHTTPServer(
                engine: engine, channel: channel, httpsChannel: httpsChannel, connections: connections,
                environment: environment, configuration: configuration, blockingPool: blockingPool)
        } catch {
            try? await blockingPool?.shutdownGracefully()
            try? await channel.close().get()
            try? await httpsChannel?.close().get()
            throw error
        }
        link.connect { [weak server] in
            guard let server else { return }
            Task { try? await server.stop() }
        }
        configuration.logger.info("Understudy serving on \(server.baseURL.absoluteString)")
        if let httpsURL = server.httpsBaseURL {
            configuration.logger.info("Understudy serving on \(httpsURL.absoluteString)")
        }
        return server
    }

    /// A listening socket whose connections join `connections` and get `configure`'s handlers.
    private static func bind(
        _ host: String, _ port: Int, connections: OpenConnections,
        configure: @escaping @Sendable (any Channel) throws -> Void
    ) async throws -> any Channel {
        do {
            return try await listen(host, port, connections: connections, configure: configure)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw StubServerError.addressInUse(host: host, port: port)
        }
    }

    private static func listen(
        _ host: String, _ port: Int, connections: OpenConnections,
        configure: @escaping @Sendable (any Channel) throws -> Void
    ) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            // NIO listens with a backlog of 128: a burst of more connects than that (a load test,
            // thousands of event streams opening) would lose SYNs and wait a second to retry each.
            // The kernel caps this at net.core.somaxconn.
            .serverChannelOption(ChannelOptions.backlog, value: Self.listenBacklog)
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                guard connections.add(channel) else { return channel.close() }
                return channel.eventLoop.makeCompletedFuture { try configure(channel) }
            }
            .bind(host: host, port: port).get()
    }

    /// The listen backlog: as many pending connects as the kernel will queue by default.
    static let listenBacklog: Int32 = 4096

    /// The backlog the plain listener was given (for the test that keeps it above NIO's 128).
    func listeningBacklog() async throws -> Int32 {
        try await serverChannel.getOption(ChannelOptions.backlog).get()
    }

    /// How many requests the fast path for plain requests answered (see ``PlainRequestFastPath``).
    var fastPathAnswerCount: Int { environment.fastPathAnswers.load(ordering: .relaxed) }

    /// True until ``stop()`` begins (or an admin shutdown).
    public var isRunning: Bool { !stopping.withLock { $0 } }

    /// Stops accepting, lets requests in flight finish (delayed ones included) for up to the
    /// configured grace period, then closes every connection. Streams kept open (server-sent
    /// events with `keepOpen`) end once their last event is out. Calling it again waits for the first stop.
    public func stop() async throws {
        let isFirst = stopping.withLock { stopping -> Bool in
            defer { stopping = true }
            return !stopping
        }
        guard isFirst else {
            await stopped.untilSignalled()
            return
        }
        try? await serverChannel.close().get()
        try? await httpsServerChannel?.close().get()
        let open = connections.stopAccepting()
        // Streams kept open never finish on their own; each ends once its last event is out.
        environment.streamingResponses.endAll()
        for channel in open {
            // NIO's pipelining handler closes an idle connection at once, a busy one after its response.
            channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
        quiesceRequested.fire()
        await Self.waitForClose(of: open, within: gracePeriod, on: serverChannel.eventLoop)
        // What is still open past the grace period is closed at the socket, all at once: a TLS
        // close would send close_notify and wait up to five seconds for each client's answer.
        let closing = connections.all.map { ConnectionReset.closeAtSocket($0) }
        _ = try? await EventLoopFuture.andAllComplete(closing, on: serverChannel.eventLoop).get()
        try? await blockingPool?.shutdownGracefully()
        logger.info("Understudy stopped serving on \(baseURL.absoluteString)")
        stopped.fire()
    }

    /// Returns once the server has stopped, through ``stop()`` or `POST /__admin/shutdown`.
    public func waitUntilStopped() async {
        await stopped.untilSignalled()
    }

    private static func waitForClose(of channels: [any Channel], within limit: Duration, on loop: any EventLoop) async {
        guard !channels.isEmpty else { return }
        let done = loop.makePromise(of: Void.self)
        let timer = loop.scheduleTask(in: TimeAmount(limit)) { done.succeed() }
        EventLoopFuture.andAllComplete(channels.map(\.closeFuture), on: loop).whenComplete { _ in done.succeed() }
        try? await done.futureResult.get()
        timer.cancel()
    }
}

/// Why a server could not start.
public enum StubServerError: Error, Sendable, CustomStringConvertible {
    /// The listener has no local address.
    case notBound
    /// Another process (or server) listens on that port already.
    case addressInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case .notBound:
            return "the server socket has no local address after binding"
        case .addressInUse(let host, let port):
            return "port \(port) on \(host) is already in use; pick another port, or 0 for a free one"
        }
    }
}
