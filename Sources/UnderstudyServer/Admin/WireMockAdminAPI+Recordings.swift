import Foundation
import UnderstudyCore

/// `/__admin/recordings`: start, stop, status and snapshot.
extension WireMockAdminAPI {
    static func addRecordingRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("POST", "recordings/start") { try $0.startRecording($1) }
        router.add("POST", "recordings/stop") { try $0.stopRecording($1) }
        router.add("GET", "recordings/status") { api, _ in .json(["status": .string(api.recorder.status.rawValue)]) }
        router.add("POST", "recordings/snapshot") { try $0.snapshot($1) }
    }

    func startRecording(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let spec = try call.decode(RecordSpec.init(json:))
        do {
            try recorder.start(spec)
        } catch {
            throw Self.failure(error)
        }
        return Self.ok
    }

    /// WireMock answers 400 when nothing is being recorded.
    func stopRecording(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        do {
            let outcome = try recorder.stop()
            return .json(outcome.result.json(outcome.spec.outputFormat))
        } catch {
            throw Self.failure(error)
        }
    }

    /// An empty body takes every default.
    func snapshot(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        var spec = RecordSpec()
        if let body = try call.optionalJSON() {
            do {
                spec = try RecordSpec(json: body)
            } catch {
                throw .invalid(error)
            }
        }
        do {
            let outcome = try recorder.snapshot(spec)
            return .json(outcome.result.json(spec.outputFormat))
        } catch {
            throw Self.failure(error)
        }
    }

    private static func failure(_ error: RecorderError) -> AdminFailure {
        switch error {
        case .missingTarget: return .invalid(MappingError(pointer: "/targetBaseUrl", title: error.description))
        case .alreadyRecording, .notRecording, .cannotStart: return AdminFailure(status: 400, title: error.description)
        case .cannotWrite: return AdminFailure(status: 500, title: error.description)
        }
    }
}
