import Foundation
import ProcessSupport
import Testing
import UnderstudyCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `understudy serve` as a user runs it: a real process, a real port, real HTTP.
@Suite struct ServeCommandTests {
    static var exampleRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Examples/StatusPoster/Stubs").path
    }

    @Test func printsTheBaseURLFirstServesTheExampleAndStopsOnSIGTERM() async throws {
        let server = try await ServerProcess.start(["serve", "--root", Self.exampleRoot, "--port", "0"])
        defer { server.terminate() }
        let url = try #require(URL(string: server.firstLine))
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:"))
        let (body, response) = try await URLSession(configuration: .ephemeral).data(
            from: url.appendingPathComponent("timeline"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("Lunch was great"))
        let (_, adminResponse) = try await URLSession(configuration: .ephemeral).data(
            from: url.appendingPathComponent("__admin/mappings"))
        #expect((adminResponse as? HTTPURLResponse)?.statusCode == 200)
        let status = await server.signalAndWait(SIGTERM)
        #expect(status == 0)
        let rest = server.remainingOutput
        #expect(rest.contains("stubs loaded"))
        #expect(rest.contains("dashboard: \(url.absoluteString)/__understudy/\n"))
    }

    @Test func aBrokenMappingStopsAStrictStartUpWithFilePointerAndReason() async throws {
        let root = try TemporaryRoot()
        try root.write("mappings/bad.json", #"{"response":{"fault":"EXPLODE"}}"#)
        let output = try await CLIProcess.run(["serve", "--strict", "--root", root.url.path, "--port", "0"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("mappings/bad.json at /response/fault: Unknown fault 'EXPLODE'"))
    }

    @Test func aMissingRootIsAWarningThatNamesIt() async throws {
        let missing = "/nonexistent-\(UUID().uuidString)"
        let server = try await ServerProcess.start(
            ["serve", "--root", missing, "--port", "0"], capturingStandardError: true)
        defer { server.terminate() }
        #expect(server.firstLine.hasPrefix("http://127.0.0.1:"))
        _ = await server.signalAndWait(SIGTERM)
        #expect(server.remainingStandardError.contains("warning: --root \(missing) does not exist"))
    }

    @Test func aPortInUseSaysSoAndWhatToDo() async throws {
        let first = try await ServerProcess.start(["serve", "--root", Self.exampleRoot, "--port", "0"])
        defer { first.terminate() }
        let port = try #require(URL(string: first.firstLine)?.port)
        let second = try await CLIProcess.run(["serve", "--root", Self.exampleRoot, "--port", "\(port)"])
        #expect(second.status == 1)
        #expect(
            second.stderr.contains(
                "error: port \(port) on 127.0.0.1 is already in use; pick another with --port, or use --port 0 for a free one"
            ), "\(second.stderr)")
    }

    @Test func versionAndHelpWorkAsArgumentParserUsersExpect() async throws {
        #expect(
            try await CLIProcess.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == UnderstudyVersion.current)
        let help = try await CLIProcess.run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--max-journal-entries"))
        #expect(try await CLIProcess.run(["serve", "--port", "70000"]).status == 64)
    }
}

/// A long-running `understudy serve` whose first output line is read as soon as it is printed.
final class ServerProcess: Sendable {
    let child: ChildProcess
    let firstLine: String

    private init(child: ChildProcess, firstLine: String) {
        self.child = child
        self.firstLine = firstLine
    }

    /// Starts the process and waits (off the cooperative pool) for its first line.
    /// - Parameter environment: variables added to this process's environment for the child.
    /// - Parameter capturingStandardError: keep standard error for ``remainingStandardError``
    ///   (read it once the process has ended) instead of discarding it.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], capturingStandardError: Bool = false
    ) async throws -> ServerProcess {
        let child = try ChildProcess(
            try CLIProcess.executable.path, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, added in added },
            standardError: capturingStandardError ? .pipe : .null)
        // The server prints its URL before anything else.
        return ServerProcess(child: child, firstLine: await child.standardOutput?.nextLine() ?? "")
    }

    /// The next line of standard output (after the first), read off the cooperative pool.
    func nextLine() async -> String {
        await child.standardOutput?.nextLine() ?? ""
    }

    /// Standard error to its end (started with `capturingStandardError`; empty otherwise).
    var remainingStandardError: String {
        guard let errors = child.standardError else { return "" }
        return String(decoding: errors.readDataToEndOfFile(), as: UTF8.self)
    }

    var remainingOutput: String {
        String(decoding: child.standardOutput?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    }

    func signalAndWait(_ signal: Int32) async -> Int32 {
        child.send(signal)
        return await child.exitStatus()
    }

    func terminate() { child.terminate() }
}
