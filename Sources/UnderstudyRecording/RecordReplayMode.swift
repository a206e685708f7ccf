import Foundation

/// Whether a test talks to a recording of an API or records one.
///
/// Replay is the default; a test records only when an environment variable asks, so a normal
/// run never touches the network:
///
/// ```swift
/// let mode = RecordReplayMode.fromEnvironment(folder: fixtures, upstream: URL(string: "https://api.example.com")!)
/// try await withRecordReplay(mode) { server in /* point the client at server.baseURL */ }
/// ```
public enum RecordReplayMode: Sendable, Equatable {
    /// Serve the stubs recorded in `folder`.
    case replay(from: URL)
    /// Proxy to `upstream` and write what went through into `folder` when the body returns.
    case record(to: URL, upstream: URL)

    /// The environment variable that turns recording on.
    public static let defaultVariable = "UNDERSTUDY_RECORD"

    /// `.record(to: folder, upstream:)` when `variable` is `1`, `true` or `yes`; `.replay(from: folder)` otherwise.
    public static func fromEnvironment(
        folder: URL, upstream: URL, variable: String = defaultVariable,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RecordReplayMode {
        let value = environment[variable]?.lowercased() ?? ""
        return ["1", "true", "yes"].contains(value) ? .record(to: folder, upstream: upstream) : .replay(from: folder)
    }

    /// The folder recorded into or replayed from.
    public var folder: URL {
        switch self {
        case .replay(let folder), .record(let folder, _): return folder
        }
    }
}
