import Foundation
import UnderstudyCore
import UnderstudyServer

extension RecordReplayMode {
    /// Proxy to `upstream` through AsyncHTTPClient and, when `withRecordReplay`'s body returns,
    /// write what went through into `folder`.
    /// - Parameters:
    ///   - folder: where the recording is written (`mappings/`, `__files/`).
    ///   - upstream: the real API every request is proxied to.
    ///   - redaction: secrets kept out of the files (the default headers always are).
    ///   - captureHeaders: request headers recorded stubs also match on.
    ///   - repeatsAsScenarios: identical requests replay their answers in recorded order.
    ///   - overwrite: clear the folder's existing mappings before writing.
    ///   - timeout: how long the upstream may take per request.
    public static func record(
        to folder: URL, upstream: URL, redaction: RedactionPolicy = RedactionPolicy(), captureHeaders: [String] = [],
        repeatsAsScenarios: Bool = true, overwrite: Bool = false, timeout: Duration = .seconds(30)
    ) -> RecordReplayMode {
        RecordReplayMode(
            folder: folder, upstream: upstream,
            recording: AsyncHTTPUpstreamRecording(
                redaction: redaction, captureHeaders: captureHeaders, repeatsAsScenarios: repeatsAsScenarios,
                overwrite: overwrite, timeout: timeout))
    }

    /// ``record(to:upstream:redaction:captureHeaders:repeatsAsScenarios:overwrite:timeout:)``
    /// when `variable` is `1`, `true` or `yes`; `.replay(from: folder)` otherwise. The options
    /// after `environment` are the recording's, as for `record`.
    public static func fromEnvironment(
        folder: URL, upstream: URL, variable: String = defaultVariable,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        redaction: RedactionPolicy = RedactionPolicy(), captureHeaders: [String] = [], repeatsAsScenarios: Bool = true,
        overwrite: Bool = false, timeout: Duration = .seconds(30)
    ) -> RecordReplayMode {
        guard asksToRecord(variable: variable, environment: environment) else { return .replay(from: folder) }
        return .record(
            to: folder, upstream: upstream, redaction: redaction, captureHeaders: captureHeaders,
            repeatsAsScenarios: repeatsAsScenarios, overwrite: overwrite, timeout: timeout)
    }
}

/// Recording for `withRecordReplay`: AsyncHTTPClient to the upstream, ``StubRecorder`` for the files.
struct AsyncHTTPUpstreamRecording: UpstreamRecording {
    let redaction: RedactionPolicy
    let captureHeaders: [String]
    let repeatsAsScenarios: Bool
    let overwrite: Bool
    let timeout: Duration

    func forwarder() -> any ProxyForwarder {
        AsyncHTTPProxyForwarder(timeout: timeout)
    }

    func start(engine: StubEngine, folder: URL, upstream: URL) throws -> @Sendable () throws -> Void {
        let recorder = StubRecorder(
            engine: engine, directory: MappingDirectory(root: folder), redaction: redaction, overwrite: overwrite)
        try recorder.start(
            RecordSpec(
                targetBaseURL: upstream.absoluteString, captureHeaders: captureHeaders.map { ($0, false) },
                repeatsAsScenarios: repeatsAsScenarios))
        return { _ = try recorder.stop() }
    }
}
