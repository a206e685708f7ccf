import Foundation
import UnderstudyCore

/// Whether a test talks to a recording of an API or records one (`withRecordReplay`).
///
/// Replay is the default, and needs nothing but `Understudy`. Recording sends real HTTP, so its
/// modes come from `UnderstudyRecording`: `.record(to:upstream:)`, and `.fromEnvironment`, which
/// records only when an environment variable asks, so a normal run never touches the network:
///
/// ```swift
/// let mode = RecordReplayMode.fromEnvironment(folder: fixtures, upstream: URL(string: "https://api.example.com")!)
/// try await withRecordReplay(mode) { server in /* point the client at server.baseURL */ }
/// ```
public struct RecordReplayMode: Sendable, Equatable, CustomStringConvertible {
    /// The folder recorded into or replayed from.
    public let folder: URL
    /// The API recorded from; nil when replaying.
    public let upstream: URL?
    /// How the recording is made: `UnderstudyRecording`'s forwarder and recorder. Nil when replaying.
    package let recording: (any UpstreamRecording)?

    /// The environment variable that turns recording on.
    public static let defaultVariable = "UNDERSTUDY_RECORD"

    /// Serve the stubs recorded in `folder`.
    public static func replay(from folder: URL) -> RecordReplayMode {
        RecordReplayMode(folder: folder, upstream: nil, recording: nil)
    }

    package init(folder: URL, upstream: URL?, recording: (any UpstreamRecording)?) {
        self.folder = folder
        self.upstream = upstream
        self.recording = recording
    }

    /// True when this mode records from ``upstream``.
    public var isRecording: Bool { recording != nil }

    /// True when `variable` in `environment` is `1`, `true` or `yes`.
    public static func asksToRecord(variable: String = defaultVariable, environment: [String: String]) -> Bool {
        ["1", "true", "yes"].contains(environment[variable]?.lowercased() ?? "")
    }

    public static func == (lhs: RecordReplayMode, rhs: RecordReplayMode) -> Bool {
        lhs.folder == rhs.folder && lhs.upstream == rhs.upstream && lhs.isRecording == rhs.isRecording
    }

    public var description: String {
        if let upstream, isRecording { return "record to \(folder.path) from \(upstream.absoluteString)" }
        return "replay from \(folder.path)"
    }
}

/// How `withRecordReplay` records: the seam `UnderstudyRecording` fills with AsyncHTTPClient, so
/// the test API can offer the door without compiling an HTTP client.
package protocol UpstreamRecording: Sendable {
    /// What the server sends every request through while recording.
    func forwarder() -> any ProxyForwarder
    /// Starts keeping what `engine` serves from `upstream`; the returned function stops and writes
    /// the recording into `folder`.
    func start(engine: StubEngine, folder: URL, upstream: URL) throws -> @Sendable () throws -> Void
}
