import Foundation
import UnderstudyCore
import UnderstudyJSON

/// `/__admin/recordings`: start, stop, status and snapshot, carried out by the ``AdminRecording``
/// the API was given; without one, each answers 501 saying where recording lives.
extension WireMockAdminAPI {
    static func addRecordingRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("POST", "recordings/start") { try $0.startRecording($1) }
        router.add("POST", "recordings/stop") { api, _ in try api.stopRecording() }
        router.add("GET", "recordings/status") { api, _ in try api.recordingStatus() }
        router.add("POST", "recordings/snapshot") { try $0.snapshot($1) }
    }

    /// What a server without a recorder answers on every recordings route.
    static let recordingUnavailableMessage = """
        This Understudy server cannot record: it was started without a recorder. Recording needs the \
        UnderstudyRecording module: run the 'understudy' command (serve, record), or pass \
        WireMockAdminAPI(engine:mappings:recorder:) a StubRecorder.
        """

    func availableRecorder() throws(AdminFailure) -> any AdminRecording {
        guard let recorder else { throw AdminFailure(status: 501, title: Self.recordingUnavailableMessage) }
        return recorder
    }

    func recordingStatus() throws(AdminFailure) -> AdminResponse {
        .json(["status": .string(try availableRecorder().recordingStatus)])
    }

    func startRecording(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let recorder = try availableRecorder()
        let spec = try call.json()
        do {
            try recorder.startRecording(spec: spec)
        } catch {
            throw error.adminFailure
        }
        return Self.ok
    }

    /// WireMock answers 400 when nothing is being recorded.
    func stopRecording() throws(AdminFailure) -> AdminResponse {
        let recorder = try availableRecorder()
        do {
            return .json(try recorder.stopRecording())
        } catch {
            throw error.adminFailure
        }
    }

    /// An empty body takes every default.
    func snapshot(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let recorder = try availableRecorder()
        let spec = try call.optionalJSON()
        do {
            return .json(try recorder.snapshotRecording(spec: spec))
        } catch {
            throw error.adminFailure
        }
    }
}
