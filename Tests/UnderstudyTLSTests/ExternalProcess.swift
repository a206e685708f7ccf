import Foundation

/// Runs a program found on PATH (curl, openssl, java) to completion without blocking a thread:
/// its output goes to files, and the wait is on its termination handler.
struct ExternalProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The program's full path, or nil when it is not installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// - Parameter input: written to the program's standard input, which then stays open until
    ///   the program exits (an interactive program, such as `openssl s_client`, acts on it).
    static func run(
        _ program: String, _ arguments: [String], in folder: TemporaryFolder, input: String? = nil
    ) async throws -> Output {
        guard let executable = find(program) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(program) is not on PATH"])
        }
        let name = UUID().uuidString
        let outURL = folder.url.appendingPathComponent("\(name).out")
        let errURL = folder.url.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        defer { try? stdin.fileHandleForWriting.close() }
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
                if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Output(
            status: status, stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
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
