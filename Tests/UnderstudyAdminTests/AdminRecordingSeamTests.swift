import Foundation
import Synchronization
import Testing
import UnderstudyCore
import UnderstudyJSON

@testable import UnderstudyAdmin

/// `/__admin/recordings/…` through the ``AdminRecording`` seam: the server alone has no recorder.
@Suite struct AdminRecordingSeamTests {
    /// A recorder that remembers what it was handed and answers what the test sets.
    final class FakeRecorder: AdminRecording {
        let started = Mutex<[JSONValue]>([])
        let snapshots = Mutex<[JSONValue?]>([])
        let failure = Mutex<AdminRecordingFailure?>(nil)

        var recordingStatus: String { "Recording" }

        func startRecording(spec: JSONValue) throws(AdminRecordingFailure) {
            if let failure = failure.withLock({ $0 }) { throw failure }
            started.withLock { $0.append(spec) }
        }

        func stopRecording() throws(AdminRecordingFailure) -> JSONValue {
            if let failure = failure.withLock({ $0 }) { throw failure }
            return ["ids": ["1"]]
        }

        func snapshotRecording(spec: JSONValue?) throws(AdminRecordingFailure) -> JSONValue {
            snapshots.withLock { $0.append(spec) }
            return ["mappings": []]
        }
    }

    @Test func withoutARecorderEveryRecordingRouteAnswers501NamingTheModule() {
        let admin = AdminHarness()
        let replies = [
            admin.call("GET", "/__admin/recordings/status"),
            admin.call("POST", "/__admin/recordings/start", #"{"targetBaseUrl":"http://x"}"#),
            admin.call("POST", "/__admin/recordings/stop"), admin.call("POST", "/__admin/recordings/snapshot")
        ]
        for reply in replies {
            #expect(reply.status == 501)
            #expect(reply.errorTitle?.contains("UnderstudyRecording") == true)
        }
    }

    @Test func routesHandTheRecorderWireMockJSONAndAnswerWithItsJSON() {
        let recorder = FakeRecorder()
        let api = WireMockAdminAPI(engine: StubEngine(), recorder: recorder)
        func call(_ method: String, _ path: String, _ body: String = "") -> AdminReply {
            AdminReply(response: api.handle(LoggedRequest(method: method, url: path, body: Data(body.utf8))))
        }
        #expect(call("GET", "/__admin/recordings/status").json["status"] == "Recording")
        #expect(call("POST", "/__admin/recordings/start", #"{"targetBaseUrl":"http://x"}"#).status == 200)
        #expect(recorder.started.withLock { $0 } == [["targetBaseUrl": "http://x"]])
        #expect(call("POST", "/__admin/recordings/start", "not json").status == 422)
        #expect(call("POST", "/__admin/recordings/stop").json["ids"] == ["1"])
        #expect(call("POST", "/__admin/recordings/snapshot").json["mappings"] == [])
        #expect(call("POST", "/__admin/recordings/snapshot", #"{"persist":false}"#).status == 200)
        #expect(recorder.snapshots.withLock { $0 } == [Optional<JSONValue>.none, .some(["persist": false])])
    }

    @Test func recorderFailuresAnswerInWireMockShape() {
        let recorder = FakeRecorder()
        let api = WireMockAdminAPI(engine: StubEngine(), recorder: recorder)
        func stop() -> AdminReply {
            AdminReply(response: api.handle(LoggedRequest(method: "POST", url: "/__admin/recordings/stop")))
        }
        recorder.failure.withLock { $0 = .invalidSpec(MappingError(pointer: "/targetBaseUrl", title: "missing")) }
        #expect(stop().status == 422)
        #expect(stop().json["errors"]?[0]?["source"]?["pointer"] == "/targetBaseUrl")
        recorder.failure.withLock { $0 = .refused("Not currently recording") }
        #expect(stop().status == 400)
        #expect(stop().errorTitle == "Not currently recording")
        recorder.failure.withLock { $0 = .failed("disk full") }
        #expect(stop().status == 500)
    }
}
