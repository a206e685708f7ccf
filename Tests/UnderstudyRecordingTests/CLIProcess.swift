import Foundation
import ProcessSupport

/// Runs the built `understudy` executable (SwiftPM builds it next to the test bundle).
final class CLIProcess: Sendable {
    let child: ChildProcess
    /// The first line printed (for `record`, the base URL).
    let firstLine: String

    private init(child: ChildProcess, firstLine: String) {
        self.child = child
        self.firstLine = firstLine
    }
    static var executable: URL {
        get throws {
            let bundle = Bundle.main.bundleURL
            for candidate in [
                bundle, bundle.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            ] {
                let url = candidate.appendingPathComponent("understudy")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [NSLocalizedDescriptionKey: "understudy executable not found near \(bundle.path)"])
        }
    }

    /// Starts the process and waits (off the cooperative pool) for its first line.
    static func start(_ arguments: [String]) async throws -> CLIProcess {
        let child = try ChildProcess(try executable.path, arguments, standardError: .null)
        return CLIProcess(child: child, firstLine: await child.standardOutput?.nextLine() ?? "")
    }

    /// Sends `signal` (nil: none) and returns the exit status and the rest of standard output.
    func finish(signal: Int32? = nil) async -> (status: Int32, output: String) {
        if let signal { child.send(signal) }
        let rest = await child.standardOutput?.remainingText() ?? ""
        return (await child.exitStatus(), firstLine + "\n" + rest)
    }

    func terminate() { child.terminate() }
}
