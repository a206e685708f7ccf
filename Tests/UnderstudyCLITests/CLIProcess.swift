import Foundation
import ProcessSupport

/// Runs the built `understudy` executable, which SwiftPM builds next to the test bundle.
struct CLIProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        get throws {
            var directory = Bundle.main.bundleURL
            if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
            for candidate in [
                directory, Bundle.main.bundleURL.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            ] {
                let url = candidate.appendingPathComponent("understudy")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [NSLocalizedDescriptionKey: "understudy executable not found near \(directory.path)"])
        }
    }

    /// Runs to completion with the given arguments (for short commands such as `check`), waiting
    /// off the cooperative pool: under ThreadSanitizer a `check` of a real folder takes 20 s, and
    /// two blocking waits held both threads of a 2-core machine's pool while socket tests timed out.
    static func run(_ arguments: [String]) async throws -> Output {
        let completed = try await ChildProcess.run(try executable.path, arguments)
        return Output(status: completed.status, stdout: completed.stdout, stderr: completed.stderr)
    }
}

/// A temporary folder in WireMock's layout, removed when the test is done with it.
final class TemporaryRoot {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("__files"), withIntermediateDirectories: true)
    }

    func write(_ relativePath: String, _ text: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
