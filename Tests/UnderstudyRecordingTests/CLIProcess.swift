import Foundation

/// Runs the built `understudy` executable (SwiftPM builds it next to the test bundle).
final class CLIProcess: @unchecked Sendable {
    // Unchecked: the process and pipe are set once in `start` and only read afterwards.
    let process: Process
    let output: Pipe
    /// The first line printed (for `record`, the base URL).
    let firstLine: String

    private init(process: Process, output: Pipe, firstLine: String) {
        self.process = process
        self.output = output
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
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try startBlocking(arguments) })
            }
        }
    }

    private static func startBlocking(_ arguments: [String]) throws -> CLIProcess {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        return CLIProcess(process: process, output: output, firstLine: String(decoding: line, as: UTF8.self))
    }

    /// Sends `signal` (nil: none) and returns the exit status and the rest of standard output.
    func finish(signal: Int32? = nil) async -> (status: Int32, output: String) {
        if let signal { kill(process.processIdentifier, signal) }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let rest = self.output.fileHandleForReading.readDataToEndOfFile()
                self.process.waitUntilExit()
                continuation.resume(
                    returning: (
                        self.process.terminationStatus, self.firstLine + "\n" + String(decoding: rest, as: UTF8.self)
                    ))
            }
        }
    }

    func terminate() {
        if process.isRunning { process.terminate() }
    }
}
