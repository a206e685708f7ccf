import Foundation
import UnderstudyCore
import UnderstudyServer

/// Runs `body` against a server that replays a recorded folder (`mappings/`, `__files/`), and
/// always shuts it down.
///
/// Replay needs nothing but this module. Recording the folder in the first place needs a real
/// HTTP client, so its modes live in `UnderstudyRecording` (`withRecordReplay(.record(to:upstream:))`),
/// which a test target imports only when it wants to record.
///
/// - Parameters:
///   - folder: the recording (`mappings/`, `__files/`).
///   - strict: when true, a request that matches no recorded stub fails the run with
///     ``UnrecordedRequestsError`` (after `body` returns), and a missing folder fails at once.
///   - configuration: how the server listens; quiet by default.
///   - isolation: the caller's actor, inherited by `body`.
///   - body: the test, given the server to point the client at.
public func withReplay<T>(
    from folder: URL, strict: Bool = true, configuration: StubServerConfiguration? = nil,
    isolation: isolated (any Actor)? = #isolation, _ body: (StubServer) async throws -> T
) async throws -> T {
    if strict, !FileManager.default.fileExists(atPath: folder.appendingPathComponent("mappings").path) {
        throw UnrecordedRequestsError(folder: folder, requests: [])
    }
    return try await withStubServer(root: folder, configuration: configuration, strict: strict) { server in
        let result = try await body(server)
        if strict { try server.verifyEverythingWasRecorded(folder: folder) }
        return result
    }
}

extension StubServer {
    /// Throws ``UnrecordedRequestsError`` when any request matched no recorded stub (in a
    /// replay, ``StubHost/unmatchedRequests`` are the requests that were never recorded).
    public func verifyEverythingWasRecorded(folder: URL? = nil) throws {
        let missing = unmatchedRequests
        guard !missing.isEmpty else { return }
        throw UnrecordedRequestsError(folder: folder ?? mappings?.root ?? baseURL, requests: missing)
    }
}

/// A strict replay saw requests that were never recorded (or had no recording at all).
public struct UnrecordedRequestsError: Error, Sendable, CustomStringConvertible {
    /// The recording folder.
    public var folder: URL
    /// The requests no recorded stub matched; empty when the folder has no recording.
    public var requests: [LoggedRequest]

    /// The folder and every request missing from it, or how to record one.
    public var description: String {
        if requests.isEmpty {
            return
                "No recording in \(folder.path) (no mappings/ folder). Record it first: run the tests with UNDERSTUDY_RECORD=1 and an upstream."
        }
        let list = requests.map { "  \($0.method) \($0.url)" }.joined(separator: "\n")
        return
            "\(requests.count) request(s) were never recorded in \(folder.path):\n\(list)\nRecord again with UNDERSTUDY_RECORD=1, or stub them by hand."
    }
}
