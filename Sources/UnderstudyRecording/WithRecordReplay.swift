import Foundation
import Understudy
import UnderstudyCore
import UnderstudyServer

/// Runs `body` against a server that either replays `mode.folder` (``RecordReplayMode/replay(from:)``,
/// strict by default) or proxies to the upstream and, once `body` returns, writes what went
/// through into the folder (``RecordReplayMode/record(to:upstream:)``). The server always stops.
///
/// When `body` throws while recording, nothing is written: a failed session is no fixture.
/// - Parameters:
///   - mode: replay a folder, or record one from an upstream.
///   - strict: in replay, fail with `UnrecordedRequestsError` on requests never recorded.
///   - redaction: secrets kept out of the files (the default headers always are).
///   - captureHeaders: request headers recorded stubs also match on.
///   - repeatsAsScenarios: identical requests replay their answers in recorded order.
///   - overwrite: clear the folder's existing mappings before writing.
///   - timeout: how long the upstream may take per request.
///   - isolation: the caller's actor, inherited by `body`.
///   - body: the test, given the server to point the client at.
public func withRecordReplay<T>(
    _ mode: RecordReplayMode, strict: Bool = true, redaction: RedactionPolicy = RedactionPolicy(),
    captureHeaders: [String] = [],
    repeatsAsScenarios: Bool = true, overwrite: Bool = false, timeout: Duration = .seconds(30),
    isolation: isolated (any Actor)? = #isolation, _ body: (StubServer) async throws -> T
) async throws -> T {
    switch mode {
    case .replay(let folder):
        return try await withReplay(from: folder, strict: strict, body)
    case .record(let folder, let upstream):
        let server = try await StubServer.start(proxy: AsyncHTTPProxyForwarder(timeout: timeout))
        let recorder = StubRecorder(
            engine: server.engine, directory: MappingDirectory(root: folder), redaction: redaction, overwrite: overwrite
        )
        do {
            try recorder.start(
                RecordSpec(
                    targetBaseURL: upstream.absoluteString, captureHeaders: captureHeaders.map { ($0, false) },
                    repeatsAsScenarios: repeatsAsScenarios))
            let result = try await body(server)
            _ = try recorder.stop()
            try await server.shutdown()
            return result
        } catch {
            try? await server.shutdown()
            throw error
        }
    }
}
