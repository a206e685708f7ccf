import Foundation
import ProcessSupport

/// Runs a program found on PATH (curl, openssl, java) to completion without blocking a thread
/// of the cooperative pool.
enum ExternalProcess {
    typealias Output = ChildProcess.Completed

    /// The program's full path, or nil when it is not installed.
    static func find(_ name: String) -> String? { ChildProcess.find(name) }

    /// - Parameter input: written to the program's standard input, which then stays open until
    ///   the program exits (an interactive program, such as `openssl s_client`, acts on it).
    static func run(
        _ program: String, _ arguments: [String], in folder: TemporaryFolder, input: String? = nil
    ) async throws -> Output {
        guard let executable = find(program) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(program) is not on PATH"])
        }
        return try await ChildProcess.run(executable, arguments, directory: folder.url.path, input: input)
    }
}

/// A folder under the temporary directory, named by a UUID, removed when dropped.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
