import ArgumentParser
import Foundation
import Logging
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyFleet
import UnderstudyGraphQL
import UnderstudyJWT
import UnderstudyOpenAPI
import UnderstudyRecording
import UnderstudyServer
import UnderstudyTLS
import UnderstudyTemplating

/// `understudy serve`: a WireMock-compatible stub server for a mapping folder.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Serve the stubs in a WireMock-layout folder (mappings/, __files/) with the admin API under /__admin.",
        discussion: """
            Prints the base URL (http://127.0.0.1:PORT) as the first line on standard output, with --https-port the \
            HTTPS one (https://127.0.0.1:PORT) on the second, then the loaded stubs.
            HTTPS uses a certificate for 127.0.0.1, ::1 and localhost from a CA generated at start \
            (write it with --https-ca-out to trust it), from your CA (--https-ca, --https-ca-key), \
            or your own (--https-cert, --https-key).
            Stops cleanly on SIGINT or SIGTERM, or on POST /__admin/shutdown.
            """)

    @Option(name: .long, help: "The folder with mappings/ and __files/.")
    var root: String = "."

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(name: .long, help: "The address to bind. Anything but loopback exposes the admin API to the network.")
    var bind: String = "127.0.0.1"

    @Option(name: .long, help: "How many requests the journal keeps (the oldest are dropped).")
    var maxJournalEntries: Int = RequestJournal.defaultCapacity

    @Flag(name: .long, help: "Keep no request journal (saves memory in load tests; verification then sees nothing).")
    var noJournal = false

    @Option(name: .long, help: "A delay in milliseconds added to every response that has no delay of its own.")
    var globalDelay: Int?

    @Flag(
        name: .long,
        help: "Render every stub's response as a template, not only stubs listing the response-template transformer.")
    var globalResponseTemplating = false

    @Flag(name: .long, help: "Render no response templates, even for stubs listing the response-template transformer.")
    var disableResponseTemplating = false

    @OptionGroup var templatingOptions: TemplatingOptions

    @Option(
        name: .long,
        help:
            "Environment variables the systemValue template helper may read: comma-separated names, '*' as a wildcard. None by default."
    )
    var permittedSystemKeys: [String] = []

    @Option(name: .long, help: "Seconds a stub with proxyBaseUrl waits for its upstream before answering 504.")
    var proxyTimeout: Int = 30

    @Option(name: .long, help: "Seconds a webhook's target gets to answer before it is journalled as timed out.")
    var webhookTimeout: Int = 10

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A token every /__admin request must carry (Authorization: Bearer TOKEN, or X-Understudy-Admin-Token: TOKEN).",
            discussion:
                "Also read from the UNDERSTUDY_ADMIN_TOKEN environment variable, which other users of this machine cannot see in the process list."
        ))
    var adminToken: String?

    @Option(
        name: .long,
        help:
            "Largest WebSocket message in bytes (after reassembling fragments); a bigger one closes the channel with 1009."
    )
    var maxWebsocketMessageBytes: Int = 1 << 20

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Serve every request through NIO's HTTP handlers, skipping the fast paths for plain HTTP/1.1 requests and bodiless HTTP/2 ones.",
            discussion: "Answers are the same either way; this is for comparing the two (Scripts/bench-server.sh does)."
        ))
    var noFastPath = false

    @Flag(
        name: .long,
        help: """
            Refuse to start on any mapping problem, as 'understudy check' does. Without it, serve loads what \
            WireMock would (comments, later duplicate ids, stubs it cannot match) and warns about the rest.
            """)
    var strict = false

    @Flag(name: .long, help: "Log every request with the stub it matched, or the near-miss diff when none did.")
    var verbose = false

    @OptionGroup(title: "OpenAPI")
    var openAPI: OpenAPIOptions

    @OptionGroup(title: "GraphQL")
    var graphQL: GraphQLOptions

    @OptionGroup(title: "HTTPS")
    var https: HTTPSOptions

    @OptionGroup(title: "HTTPS upstreams of proxy stubs")
    var upstreams: UpstreamTrustOptions

    @OptionGroup(title: "Forward proxy (apps, simulators, browsers)")
    var proxy: ProxyModeOptions

    @OptionGroup(title: "Fleet (several servers as one, on PostgreSQL)")
    var fleetOptions: FleetOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxJournalEntries >= 0 else { throw ValidationError("--max-journal-entries must not be negative") }
        if let globalDelay, globalDelay < 0 { throw ValidationError("--global-delay must not be negative") }
        guard proxyTimeout > 0 else { throw ValidationError("--proxy-timeout must be positive") }
        guard webhookTimeout > 0 else { throw ValidationError("--webhook-timeout must be positive") }
        guard maxWebsocketMessageBytes > 0 else {
            throw ValidationError("--max-websocket-message-bytes must be positive")
        }
        if globalResponseTemplating && disableResponseTemplating {
            throw ValidationError(
                "--global-response-templating and --disable-response-templating cannot be used together")
        }
        if let adminToken, adminToken.isEmpty { throw ValidationError("--admin-token must not be empty") }
        try https.validate(proxyMode: proxy.proxyMode)
    }

    func run() async throws {
        let logger = makeLogger()
        let directory = MappingDirectory(root: URL(fileURLWithPath: root))
        let upstreamTrust = try upstreams.trust()
        let engine = try loadEngine(directory)
        var contracts: [any ContractChecker] = []
        do {
            // The GraphQL endpoint first: the OpenAPI spec would call its path undocumented.
            if let model = try graphQL.model() {
                contracts.append(try await GraphQLSchemaContract.make(model, path: graphQL.path))
                let report = GraphQLStubCheck(model: model).check(
                    engine.store.storedStubs.map { ($0.stub, $0.origin) }, files: directory.files)
                for problem in report.problems { logger.warning("\(problem)") }
            }
        } catch {
            FileHandle.standardError.write(
                Data("error: \(error)\nunderstudy: the GraphQL schema cannot be used; not starting.\n".utf8))
            throw ExitCode(1)
        }
        do {
            if let contract = try openAPI.contract() { contracts.append(contract) }
        } catch {
            FileHandle.standardError.write(
                Data("error: \(error)\nunderstudy: the OpenAPI spec cannot be used; not starting.\n".utf8))
            throw ExitCode(1)
        }
        engine.contract = contracts.count > 1 ? ContractChain(contracts) : contracts.first
        let httpsListener: HTTPSListener?
        let forwardProxy: ForwardProxyMode?
        do {
            forwardProxy = try makeForwardProxy()
            let interception = forwardProxy?.interception as? InterceptingTLS
            httpsListener = try https.makeListener(authority: interception?.authority)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        let token = effectiveAdminToken
        if forwardProxy != nil, !BindAddress.isLoopback(bind) {
            logger.warning(
                "Binding \(bind) with --proxy-mode: anyone who can reach this address can use this server as a proxy to any host it can reach. Limit it with --allow-proxy-targets / --deny-proxy-targets, or bind 127.0.0.1."
            )
        }
        if !BindAddress.isLoopback(bind) {
            if token == nil {
                logger.warning(
                    "Binding \(bind): the admin API under /__admin is reachable by anyone who can reach this address. Set --admin-token or UNDERSTUDY_ADMIN_TOKEN to require a token."
                )
            } else {
                logger.warning(
                    "Binding \(bind): stubs are reachable by anyone who can reach this address; the admin API needs the token."
                )
            }
        }
        engine.webhooks.sender = AsyncHTTPWebhookSender(trust: upstreamTrust)
        engine.webhooks.timeout = .seconds(webhookTimeout)
        engine.webhooks.warn = { logger.warning("\($0)") }
        // The recorder behind /__admin/recordings saves into the served folder.
        let recorder = StubRecorder(engine: engine, directory: directory)
        var admin: any AdminRequestHandler = WireMockAdminAPI(
            engine: engine, mappings: directory, version: UnderstudyVersion.current, recorder: recorder)
        let fleet = try await joinFleet(engine: engine, admin: admin, logger: logger)
        if let fleet { admin = fleet.admin }
        let server: StubHTTPServer
        do {
            server = try await StubHTTPServer.start(
                engine: engine,
                admin: admin,
                configuration: StubServerConfiguration(
                    host: bind, port: port, adminToken: token, usesFastPath: !noFastPath, logger: logger,
                    https: httpsListener, maxWebSocketMessageBytes: maxWebsocketMessageBytes,
                    grpcDescriptors: directory.root.appendingPathComponent("grpc"),
                    // A fleet node's scenario steps and verifications each hold a thread while
                    // they wait for PostgreSQL.
                    blockingThreads: fleet == nil ? nil : 64, forwardProxy: forwardProxy),
                proxy: AsyncHTTPProxyForwarder(
                    timeout: .seconds(proxyTimeout), trust: upstreamTrust, targets: try proxy.targetRules()))
        } catch StubServerError.addressInUse(let host, let port) {
            let flag = port == self.port ? "--port" : "--https-port"
            FileHandle.standardError.write(
                Data(
                    "error: port \(port) on \(host) is already in use; pick another with \(flag), or use \(flag) 0 for a free one\n"
                        .utf8))
            await fleet?.leave()
            throw ExitCode(1)
        }
        fleet?.announce(address: server.baseURL.absoluteString)
        // Trapped before the URL is printed: a script may send SIGTERM as soon as it reads it.
        let signals = await SignalTrap.install(signals: [SIGINT, SIGTERM]) { signal in
            logger.notice("Received signal \(signal); stopping")
            Task { try? await server.stop() }
        }
        // The first line is the base URL: scripts and tests read it to find the free port.
        // Written unbuffered, so a script reading the pipe sees it at once.
        FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
        if let httpsURL = server.httpsBaseURL {
            FileHandle.standardOutput.write(Data((httpsURL.absoluteString + "\n").utf8))
        }
        // The live dashboard, after the URLs scripts read.
        FileHandle.standardOutput.write(Data(("dashboard: \(server.dashboardURL.absoluteString)\n").utf8))
        if let fleet {
            let joined = fleet.configuration
            FileHandle.standardOutput.write(
                Data("fleet: \(joined.name) as \(joined.node) on \(joined.database.redacted)\n".utf8))
        }
        FileHandle.standardOutput.write(Data((StubTable.render(engine.store.storedStubs) + "\n").utf8))
        let verboseToken = verbose ? NotMatchedReporter.start(engine: engine, logger: logger) : nil
        let contractTokens =
            engine.contract == nil ? [] : ContractViolationReporter.start(engine: engine, logger: logger)
        await server.waitUntilStopped()
        await fleet?.leave()
        signals.cancel()
        verboseToken?.cancel()
        for token in contractTokens { token.cancel() }
    }

    /// Proxy mode with its CA (the user's, or kept in `--ca-dir`), writing `--https-ca-out`; nil
    /// without `--proxy-mode`.
    func makeForwardProxy() throws -> ForwardProxyMode? {
        guard proxy.proxyMode else { return nil }
        let authority = try https.userAuthority() ?? proxy.keptAuthority()
        let interception = try InterceptingTLS(authority: authority)
        if let out = https.httpsCaOut, https.httpsPort == nil {
            try HTTPSOptions.write(interception.certificateAuthorityPEM, to: out)
        }
        return ForwardProxyMode(interception: interception)
    }

    /// Joins the fleet the options name, if any; a database that cannot be reached stops the start.
    func joinFleet(engine: StubEngine, admin: any AdminRequestHandler, logger: Logger) async throws -> FleetNode? {
        guard let configuration = try fleetOptions.configuration(journalCapacity: noJournal ? 0 : maxJournalEntries)
        else { return nil }
        do {
            return try await FleetNode.join(configuration, engine: engine, admin: admin, logger: logger)
        } catch {
            FileHandle.standardError.write(
                Data("error: \(error)\nunderstudy: cannot join the fleet; not starting.\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The flag wins over the environment; an empty variable counts as unset.
    var effectiveAdminToken: String? {
        if let adminToken { return adminToken }
        let fromEnvironment = ProcessInfo.processInfo.environment["UNDERSTUDY_ADMIN_TOKEN"]
        return fromEnvironment?.isEmpty == false ? fromEnvironment : nil
    }

    func loadEngine(_ directory: MappingDirectory) throws -> StubEngine {
        let engine = StubEngine(
            journal: RequestJournal(capacity: noJournal ? 0 : maxJournalEntries), files: directory.files,
            settings: GlobalSettings(
                fixedDelay: globalDelay, proxyPassThrough: proxy.proxyMode && !proxy.proxyPassThrough ? false : nil),
            templating: templating)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.root.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            FileHandle.standardError.write(
                Data(
                    "warning: --root \(directory.root.path) does not exist (or is not a folder); serving no stubs until some are added through the admin API\n"
                        .utf8))
            return engine
        }
        // A folder without mappings/ is fine (an empty server, fed through the admin API).
        let contents = StubFolderContents(directory, policy: strict ? .strict : .lenient)
        try refuseBrokenMessageMappings(contents.messages)
        let result = contents.stubs
        for warning in result.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        if !result.skipped.isEmpty {
            FileHandle.standardError.write(
                Data(
                    "understudy: \(result.warnings.count) mapping warning(s), listed above; serving the rest. --strict refuses to start instead.\n"
                        .utf8))
        }
        if !result.errors.isEmpty {
            for error in result.errors { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
            FileHandle.standardError.write(
                Data(
                    "understudy: \(result.errors.count) mapping file problem(s); not starting. Run 'understudy check --root \(root)' after fixing them.\n"
                        .utf8))
            throw ExitCode(1)
        }
        do {
            try engine.serve(contents, clearingJournals: false)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        return engine
    }

    /// WebSocket message stubs from `message-mappings/`; a bad one stops the start, as in WireMock.
    func refuseBrokenMessageMappings(_ messages: MappingDirectory.MessageLoadResult) throws {
        if !messages.errors.isEmpty {
            for error in messages.errors { FileHandle.standardError.write(Data("error: \(error)\n".utf8)) }
            FileHandle.standardError.write(
                Data(
                    "understudy: \(messages.errors.count) message mapping problem(s); not starting. Run 'understudy check --root \(root)' after fixing them.\n"
                        .utf8))
            throw ExitCode(1)
        }
    }

    var templating: TemplatingConfiguration {
        let mode: TemplatingMode = disableResponseTemplating ? .disabled : (globalResponseTemplating ? .global : .local)
        let keys = permittedSystemKeys.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        return TemplatingConfiguration(
            mode: mode, permittedSystemKeys: keys, maxCacheEntries: templatingOptions.maxTemplateCacheEntries,
            escaping: templatingOptions.templateEscaping, rsaSigner: CryptoRSASigner())
    }

    func makeLogger() -> Logger {
        var logger = Logger(label: "understudy") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .info : .notice
        return logger
    }
}
