import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// Recording through the forward proxy (WireMock #1910, #1288): every host the app talks to
/// becomes stubs that keep their scheme, host and port, and replay with the origin gone.
@Suite struct RecordThroughProxyTests {
    @Test func aRecordingKeepsTheHostAndReplaysWithTheOriginStopped() async throws {
        try await ForwardProxyHarness.with { harness in
            let start = try await fetch(
                "POST", harness.proxy.baseURL, "/__admin/recordings/start", body: Data("{}".utf8))
            #expect(start.status == 200)
            let live = try await harness.get(harness.originBase + "/real")
            #expect(live.text == "from the origin")
            let stop = try await fetch("POST", harness.proxy.baseURL, "/__admin/recordings/stop")
            #expect(stop.status == 200)
            let mappings = try #require(JSONParser.parse(Data(stop.text.utf8))["mappings"]?.arrayValue)
            #expect(mappings.count == 1)
            let request = try #require(mappings.first?["request"])
            #expect(request["scheme"]?.stringValue == "https")
            #expect(request["host"]?["equalTo"]?.stringValue == "127.0.0.1")
            #expect(request["port"]?.numberValue?.intValue == harness.origin.httpsBaseURL?.port)
            try await harness.origin.shutdown()
            let replayed = try await harness.get(harness.originBase + "/real")
            #expect(replayed.status == 200)
            #expect(replayed.text == "from the origin")
            #expect(replayed.headers["x-origin"] == "yes")
        }
    }

    @Test func theHostsFilterLeavesOtherHostsOut() async throws {
        try await ForwardProxyHarness.with { harness in
            let spec = #"{"filters":{"hosts":["*.example.test"]},"persist":false}"#
            _ = try await fetch("POST", harness.proxy.baseURL, "/__admin/recordings/start", body: Data(spec.utf8))
            _ = try await harness.get(harness.originBase + "/real")
            let stop = try await fetch("POST", harness.proxy.baseURL, "/__admin/recordings/stop")
            let mappings = try #require(JSONParser.parse(Data(stop.text.utf8))["mappings"]?.arrayValue)
            #expect(mappings.isEmpty)
        }
    }
}
