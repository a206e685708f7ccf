import ArgumentParser
import Foundation
import Logging
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer
import UnderstudyTLS

/// `understudy record`: a proxy to a real API that writes what went through it as stubs.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract:
            "Proxy every request to a real API and, on stop, write one stub per distinct request into mappings/ and __files/.",
        discussion: """
            Prints the base URL (http://127.0.0.1:PORT) as the first line; point the client at it. Stops on SIGINT, SIGTERM \
            or POST /__admin/recordings/stop, then writes the stubs (atomically) and lists what it wrote and what it redacted.
            With --proxy-mode instead of --target, it is a forward proxy: set it as the app's or browser's HTTP and HTTPS \
            proxy, trust its CA, and every host the app talks to is recorded, with stubs that match on scheme, host and port.
            """)

    @Option(name: .long, help: "The real API's base URL, e.g. https://api.example.com (or --proxy-mode).")
    var target: String?

    @Option(
        name: .long,
        help: "With --proxy-mode, record only these hosts (comma-separated or repeated; * for any run of characters).")
    var hosts: [String] = []

    @OptionGroup(title: "Forward proxy (record every host an app talks to)")
    var proxy: ProxyModeOptions

    @Option(name: .long, help: "The folder to write mappings/ and __files/ into.")
    var root: String = "."

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(name: .long, help: "The address to bind.")
    var bind: String = "127.0.0.1"

    @Option(name: .long, help: "Seconds to wait for the real API before answering 504.")
    var timeout: Int = 30

    @OptionGroup var redaction: RedactionOptions
    @OptionGroup var shape: StubShapeOptions
    @OptionGroup(title: "An HTTPS target with a private certificate")
    var upstreams: UpstreamTrustOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if proxy.proxyMode {
            guard target == nil else { throw ValidationError("--proxy-mode records every host: leave out --target") }
            guard proxy.proxyPassThrough else {
                throw ValidationError(
                    "a recording passes requests through: --proxy-pass-through false makes no sense here")
            }
        } else if !hosts.isEmpty {
            throw ValidationError("--hosts needs --proxy-mode")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard !proxy.proxyMode else { return }
        guard let target, let url = URL(string: target), let scheme = url.scheme,
            ["http", "https"].contains(scheme.lowercased()), url.host != nil
        else {
            throw ValidationError(
                "--target must be an http or https URL, e.g. https://api.example.com (or record every host with --proxy-mode)"
            )
        }
    }

    static func makeLogger() -> Logger {
        var logger = Logger(label: "understudy") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .notice
        return logger
    }

    func run() async throws {
        let logger = Self.makeLogger()
        let directory = MappingDirectory(root: URL(fileURLWithPath: root))
        let engine = StubEngine(files: directory.files)
        let done = RecordingDone()
        let root = self.root
        let recorder = StubRecorder(
            engine: engine, directory: directory, redaction: redaction.policy, overwrite: shape.overwrite
        ) { outcome in
            RecordingPrinter.print(
                RecordingPrinter.lines(
                    stubCount: outcome.result.stubs.count, root: root, written: outcome.written,
                    redactions: outcome.result.redactions,
                    uncapturedBodies: outcome.result.uncapturedBodies))
            done.finish()
        }
        let admin = WireMockAdminAPI(
            engine: engine, mappings: directory, version: UnderstudyVersion.current, recorder: recorder)
        let forwardProxy: ForwardProxyMode?
        do {
            forwardProxy =
                proxy.proxyMode
                ? ForwardProxyMode(interception: try InterceptingTLS(authority: proxy.keptAuthority())) : nil
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        let server = try await StubHTTPServer.start(
            engine: engine, admin: admin,
            configuration: StubServerConfiguration(host: bind, port: port, logger: logger, forwardProxy: forwardProxy),
            proxy: AsyncHTTPProxyForwarder(
                timeout: .seconds(timeout), trust: try upstreams.trust(), targets: try proxy.targetRules()))
        var spec = shape.spec(target: target, redaction: RedactionPolicy())
        let hostPatterns = hosts.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if !hostPatterns.isEmpty { spec.filters.hosts = hostPatterns }
        try recorder.start(spec)
        // Trapped before the URL is printed: a script may send SIGTERM as soon as it reads it.
        let signals = await SignalTrap.install(signals: [SIGINT, SIGTERM]) { signal in
            logger.notice("Received signal \(signal); writing the recording")
            do {
                _ = try recorder.stop()
            } catch {
                // Already stopped through the admin API: nothing more to write.
                done.finish()
            }
        }
        FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
        let recorded =
            target
            ?? "every host through this proxy (CA: \(proxy.caFolder.appendingPathComponent("ca.pem").path))"
        FileHandle.standardOutput.write(
            Data("recording \(recorded) until SIGINT, SIGTERM or POST /__admin/recordings/stop\n".utf8))
        await done.untilFinished()
        signals.cancel()
        try await server.stop()
    }
}
