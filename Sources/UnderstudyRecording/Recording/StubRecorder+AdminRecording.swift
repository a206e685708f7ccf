import UnderstudyAdmin
import UnderstudyCore
import UnderstudyJSON
import UnderstudyServer

/// The recorder behind `/__admin/recordings/…`: pass it to
/// `WireMockAdminAPI(engine:mappings:recorder:)`. It reads WireMock's RecordSpec JSON and
/// answers in WireMock's shapes.
extension StubRecorder: AdminRecording {
    /// ``status`` as WireMock names it: `NeverStarted`, `Recording` or `Stopped`.
    public var recordingStatus: String { status.rawValue }

    /// Reads the RecordSpec JSON and ``start(_:)``s; a bad spec or a missing target is a 422.
    public func startRecording(spec: JSONValue) throws(AdminRecordingFailure) {
        let spec = try Self.decode(spec)
        do {
            try start(spec)
        } catch {
            throw error.adminFailure
        }
    }

    /// ``stop()``s and answers the stubs in the spec's output format.
    public func stopRecording() throws(AdminRecordingFailure) -> JSONValue {
        do {
            let outcome = try stop()
            return outcome.result.json(outcome.spec.outputFormat)
        } catch {
            throw error.adminFailure
        }
    }

    /// A ``snapshot(_:)`` under the RecordSpec JSON (every default when nil), in its output format.
    public func snapshotRecording(spec json: JSONValue?) throws(AdminRecordingFailure) -> JSONValue {
        var spec = RecordSpec()
        if let json { spec = try Self.decode(json) }
        do {
            return try snapshot(spec).result.json(spec.outputFormat)
        } catch {
            throw error.adminFailure
        }
    }

    private static func decode(_ json: JSONValue) throws(AdminRecordingFailure) -> RecordSpec {
        do {
            return try RecordSpec(json: json)
        } catch {
            throw .invalidSpec(error)
        }
    }
}

extension RecorderError {
    /// How the admin API answers this: a missing target is a bad spec (422), the rest as WireMock does.
    var adminFailure: AdminRecordingFailure {
        switch self {
        case .missingTarget: return .invalidSpec(MappingError(pointer: "/targetBaseUrl", title: description))
        case .alreadyRecording, .notRecording, .cannotStart: return .refused(description)
        case .cannotWrite: return .failed(description)
        }
    }
}
