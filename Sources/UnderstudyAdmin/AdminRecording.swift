import UnderstudyJSON

/// What the admin API's `/__admin/recordings/…` routes call: the seam between the server and a
/// recorder.
///
/// Recording proxies to a real API and writes stubs and files, which needs an HTTP client; the
/// server links none, so it takes its recorder from outside. `UnderstudyRecording`'s
/// `StubRecorder` conforms, and the `understudy` command (`serve`, `record`) passes one. A
/// ``WireMockAdminAPI`` without a recorder answers these routes with a WireMock-shaped 501.
///
/// The routes hand over WireMock's JSON as it came (a RecordSpec for `start` and `snapshot`)
/// and send back the JSON the recorder returns, so the spec's format is the recorder's business.
public protocol AdminRecording: Sendable {
    /// `GET /__admin/recordings/status`: WireMock's `NeverStarted`, `Recording` or `Stopped`.
    var recordingStatus: String { get }

    /// `POST /__admin/recordings/start` with WireMock's RecordSpec JSON.
    func startRecording(spec: JSONValue) throws(AdminRecordingFailure)

    /// `POST /__admin/recordings/stop`: the answer's body, `{"mappings":[…]}` or `{"ids":[…]}`.
    func stopRecording() throws(AdminRecordingFailure) -> JSONValue

    /// `POST /__admin/recordings/snapshot`: stubs from the journal as it stands. `spec` is nil
    /// when the request had no body (every default).
    func snapshotRecording(spec: JSONValue?) throws(AdminRecordingFailure) -> JSONValue
}
