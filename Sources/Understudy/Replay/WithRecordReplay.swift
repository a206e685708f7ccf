import Foundation
import UnderstudyServer

/// Runs `body` against a server that either replays `mode.folder` (`.replay(from:)`,
/// strict by default) or proxies to the upstream and, once `body` returns, writes what went
/// through into the folder (`.record(to:upstream:)` from `UnderstudyRecording`, which also says
/// what is redacted). The server always stops.
///
/// When `body` throws while recording, nothing is written: a failed session is no fixture.
/// - Parameters:
///   - mode: replay a folder, or record one from an upstream.
///   - strict: in replay, fail with ``UnrecordedRequestsError`` on requests never recorded.
///   - isolation: the caller's actor, inherited by `body`.
///   - body: the test, given the server to point the client at.
public func withRecordReplay<T>(
    _ mode: RecordReplayMode, strict: Bool = true, isolation: isolated (any Actor)? = #isolation,
    _ body: (StubServer) async throws -> T
) async throws -> T {
    guard let recording = mode.recording, let upstream = mode.upstream else {
        return try await withReplay(from: mode.folder, strict: strict, body)
    }
    let server = try await StubServer.start(proxy: recording.forwarder())
    do {
        let stop = try recording.start(engine: server.engine, folder: mode.folder, upstream: upstream)
        let result = try await body(server)
        try stop()
        try await server.shutdown()
        return result
    } catch {
        try? await server.shutdown()
        throw error
    }
}
