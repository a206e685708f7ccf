import Foundation

extension ChildProcess {
    /// What a program that ran to completion left behind.
    public struct Completed: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The full path of `name` on PATH, or nil when it is not installed.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` to completion, waiting without holding a thread of the cooperative pool.
    /// Its output goes to files, so a chatty program never stalls on a full pipe.
    /// - Parameter input: written to standard input, which then stays open until the program exits
    ///   (an interactive program, such as `openssl s_client`, acts on it before it sees the end).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: String? = nil, input: String? = nil
    ) async throws -> Completed {
        let capture = try OutputCapture()
        let child = try capture.start(executable, arguments, environment, directory, input)
        let status = await child.exitStatus()
        try? child.standardInput?.close()
        return try capture.completed(status)
    }
}

/// Two temporary files for a child's standard output and error, removed once read.
private struct OutputCapture {
    let out: String
    let err: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-child-\(UUID().uuidString)")
        out = base.path + ".out"
        err = base.path + ".err"
    }

    func start(
        _ executable: String, _ arguments: [String], _ environment: [String: String]?, _ directory: String?,
        _ input: String?
    ) throws -> ChildProcess {
        let child = try ChildProcess(
            executable, arguments, environment: environment, directory: directory,
            standardInput: input == nil ? .null : .pipe, standardOutput: .file(out), standardError: .file(err))
        if let input { try child.standardInput?.write(contentsOf: Data(input.utf8)) }
        return child
    }

    func completed(_ status: Int32) throws -> ChildProcess.Completed {
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        return ChildProcess.Completed(
            status: status, stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: err)), as: UTF8.self))
    }
}
