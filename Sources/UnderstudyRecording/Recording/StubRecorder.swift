import Foundation
import Synchronization
import UnderstudyCore

/// WireMock's recorder for one stub world: `start` adds a stub that proxies everything to the
/// target, `stop` removes it and turns what it proxied into stubs (added to the world, and
/// saved to the folder when the spec says `persist`); `snapshot` does the same from the journal.
///
/// The server must have a `ProxyForwarder` for the recording stub to reach the target.
public final class StubRecorder: Sendable {
    /// `GET /__admin/recordings/status`.
    public enum Status: String, Sendable {
        /// No recording has been started.
        case neverStarted = "NeverStarted"
        /// A recording is running.
        case recording = "Recording"
        /// The last recording has stopped.
        case stopped = "Stopped"
    }

    /// A finished recording or snapshot: the stubs, what was redacted, and what was written.
    public struct Outcome: Sendable {
        /// The stubs made and what was redacted.
        public var result: RecordingResult
        /// The specification they were made with.
        public var spec: RecordSpec
        /// Nil when nothing was written (no folder, or `persist` false).
        public var written: RecordingWriter.Summary?
    }

    private struct State {
        var status = Status.neverStarted
        var spec = RecordSpec()
        var proxyStubID: UUID?
        var collector: RecordingCollector?
    }

    /// The engine whose journal is recorded and whose store gets the proxy stub.
    public let engine: StubEngine
    /// Where `persist` writes; nil keeps recorded stubs in memory only.
    public let directory: MappingDirectory?
    /// Added to every spec's redaction (the CLI's `--redact-header` and `--redact-json-field`).
    public let redaction: RedactionPolicy
    /// Clear the folder's existing mappings before writing (the CLI's `--overwrite`).
    public let overwrite: Bool
    private let state = Mutex(State())
    private let onStop: (@Sendable (Outcome) -> Void)?

    /// A recorder of `engine`'s traffic.
    /// - Parameters:
    ///   - engine: the engine whose journal is recorded.
    ///   - directory: where `persist` writes; nil keeps recorded stubs in memory only.
    ///   - redaction: added to every spec's redaction.
    ///   - overwrite: clear the folder's existing mappings before writing.
    ///   - onStop: told of every finished recording (not snapshots), after files are written.
    public init(
        engine: StubEngine, directory: MappingDirectory?, redaction: RedactionPolicy = RedactionPolicy(),
        overwrite: Bool = false,
        onStop: (@Sendable (Outcome) -> Void)? = nil
    ) {
        self.engine = engine
        self.directory = directory
        self.redaction = redaction
        self.overwrite = overwrite
        self.onStop = onStop
    }

    /// Whether a recording is running, stopped, or never started.
    public var status: Status { state.withLock { $0.status } }

    /// Starts proxying everything to `spec.targetBaseURL` and remembering it. On a forward proxy
    /// (`StubEngine.browserProxying`) without a target, it remembers every
    /// request passed through to its host instead, whichever host it is.
    public func start(_ spec: RecordSpec) throws(RecorderError) {
        guard let target = spec.targetBaseURL else {
            guard engine.browserProxying else { throw .missingTarget }
            try startRecordingPassThrough(spec)
            return
        }
        let proxy = StubMapping(
            name: "understudy-recording-proxy", priority: 1,
            request: RequestPattern(method: .any), response: ResponseDefinition(proxy: ProxySettings(baseURL: target)))
        try state.withLock { state throws(RecorderError) in
            guard state.status != .recording else { throw .alreadyRecording }
            // Collecting starts before the stub can answer anything.
            let collector = RecordingCollector(journal: engine.journal, stubID: proxy.id)
            do {
                try engine.store.add(proxy)
            } catch {
                _ = collector.finish()
                throw .cannotStart(String(describing: error))
            }
            state.status = .recording
            state.spec = spec
            state.proxyStubID = proxy.id
            state.collector = collector
        }
    }

    private func startRecordingPassThrough(_ spec: RecordSpec) throws(RecorderError) {
        try state.withLock { state throws(RecorderError) in
            guard state.status != .recording else { throw .alreadyRecording }
            state.status = .recording
            state.spec = spec
            state.proxyStubID = nil
            state.collector = RecordingCollector(journal: engine.journal, stubID: nil, passThrough: true)
        }
    }

    /// Stops proxying and turns what was proxied since ``start(_:)`` into stubs: every exchange,
    /// whatever the journal's capacity (the recorder collects them itself as they happen).
    public func stop() throws(RecorderError) -> Outcome {
        let (spec, proxyID, collector) = try state.withLock {
            state throws(RecorderError) -> (RecordSpec, UUID?, RecordingCollector?) in
            guard state.status == .recording else { throw .notRecording }
            state.status = .stopped
            defer {
                state.proxyStubID = nil
                state.collector = nil
            }
            return (state.spec, state.proxyStubID, state.collector)
        }
        if let proxyID { engine.store.remove(id: proxyID) }
        // The recording's own collection, not the journal: the journal keeps only its newest entries.
        let events = collector?.finish() ?? []
        let outcome = try finish(events, spec: spec)
        onStop?(outcome)
        return outcome
    }

    /// Stubs from the journal as it stands (proxied events only unless the filters allow others).
    public func snapshot(_ spec: RecordSpec) throws(RecorderError) -> Outcome {
        try finish(engine.journal.events, spec: spec)
    }

    private func finish(_ events: [ServeEvent], spec: RecordSpec) throws(RecorderError) -> Outcome {
        var spec = spec
        spec.redaction = spec.redaction.adding(redaction)
        let result = StubGenerator(spec: spec).stubs(from: events)
        engine.store.importStubs(result.stubs.map(\.stub))
        var written: RecordingWriter.Summary?
        if spec.persist, let directory {
            do {
                written = try RecordingWriter(directory: directory, overwrite: overwrite).write(result.stubs)
            } catch {
                throw .cannotWrite(error.description)
            }
        }
        return Outcome(result: result, spec: spec, written: written)
    }
}

/// Why a recorder call was refused.
public enum RecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No target URL to record from.
    case missingTarget
    /// A recording is running already.
    case alreadyRecording
    /// No recording is running.
    case notRecording
    /// The recording could not start, and why.
    case cannotStart(String)
    /// The stubs could not be written, and why.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .missingTarget:
            return "targetBaseUrl is required to start recording (or a server in proxy mode, which records every host)"
        case .alreadyRecording: return "Already recording"
        case .notRecording: return "Not currently recording"
        case .cannotStart(let reason): return "Cannot start recording: \(reason)"
        case .cannotWrite(let reason): return "Cannot save the recorded stubs: \(reason)"
        }
    }
}
