import Foundation
import Testing
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// `/__admin/recordings/…` over HTTP, as WireMock clients call it.
@Suite struct AdminRecordingTests {
    func json(_ reply: Reply) throws -> JSONValue { try JSONParser.parse(reply.body) }

    @Test func startStatusStopWritesStubsAndAnswersInWireMockShape() async throws {
        let folder = try TemporaryFolder()
        let upstream = try await startServer([
            #"{"request":{"url":"/things/1"},"response":{"body":"one","headers":{"Content-Type":"text/plain"}}}"#
        ])
        let server = try await startServer([], admin: true, root: folder.directory, proxy: AsyncHTTPProxyForwarder())
        try await withServers([server, upstream]) {
            #expect(try json(try await fetch(server.baseURL, "/__admin/recordings/status"))["status"] == "NeverStarted")
            let spec =
                #"{"targetBaseUrl":"\#(upstream.baseURL.absoluteString)","captureHeaders":{"Accept":{}},"persist":true,"outputFormat":"FULL"}"#
            #expect(
                try await fetch("POST", server.baseURL, "/__admin/recordings/start", body: Data(spec.utf8)).status
                    == 200)
            #expect(try json(try await fetch(server.baseURL, "/__admin/recordings/status"))["status"] == "Recording")
            #expect(
                try await fetch("POST", server.baseURL, "/__admin/recordings/start", body: Data(spec.utf8)).status
                    == 400)
            #expect(try await fetch(server.baseURL, "/things/1", headers: ["Accept": "text/plain"]).text == "one")

            let stopped = try await fetch("POST", server.baseURL, "/__admin/recordings/stop")
            #expect(stopped.status == 200)
            let mappings = try #require(try json(stopped)["mappings"]?.arrayValue)
            #expect(mappings.count == 1)
            #expect(mappings.first?["request"]?["url"] == "/things/1")
            #expect(mappings.first?["request"]?["headers"]?["Accept"]?["equalTo"] == "text/plain")
            #expect(mappings.first?["response"]?["body"] == "one")
            #expect(try json(try await fetch(server.baseURL, "/__admin/recordings/status"))["status"] == "Stopped")
            #expect(folder.files(in: "mappings").count == 1)
            #expect(try await fetch("POST", server.baseURL, "/__admin/recordings/stop").status == 400)
            // The recorded stub now answers in place of the proxy.
            try await upstream.stop()
            #expect(try await fetch(server.baseURL, "/things/1", headers: ["Accept": "text/plain"]).text == "one")
        }
    }

    @Test func startWithoutTargetIs422AndIdsFormatListsIds() async throws {
        let upstream = try await startServer([#"{"response":{"body":"x"}}"#])
        let server = try await startServer([], admin: true, proxy: AsyncHTTPProxyForwarder())
        try await withServers([server, upstream]) {
            #expect(
                try await fetch("POST", server.baseURL, "/__admin/recordings/start", body: Data("{}".utf8)).status
                    == 422)
            let spec = #"{"targetBaseUrl":"\#(upstream.baseURL.absoluteString)","outputFormat":"IDS","persist":false}"#
            #expect(
                try await fetch("POST", server.baseURL, "/__admin/recordings/start", body: Data(spec.utf8)).status
                    == 200)
            _ = try await fetch(server.baseURL, "/a")
            _ = try await fetch(server.baseURL, "/b")
            let ids = try #require(
                try json(try await fetch("POST", server.baseURL, "/__admin/recordings/stop"))["ids"]?.arrayValue)
            #expect(ids.count == 2)
            #expect(ids.allSatisfy { $0.stringValue.flatMap(UUID.init(uuidString:)) != nil })
        }
    }

    @Test func snapshotBuildsStubsFromProxiedJournalEntriesWithFilters() async throws {
        let upstream = try await startServer([#"{"response":{"body":"up"}}"#])
        let server = try await startServer(
            [
                #"{"request":{"urlPathPattern":"/p/.*"},"response":{"proxyBaseUrl":"\#(upstream.baseURL.absoluteString)"}}"#,
                #"{"request":{"url":"/local"},"response":{"body":"here"}}"#
            ],
            admin: true, proxy: AsyncHTTPProxyForwarder())
        try await withServers([server, upstream]) {
            _ = try await fetch(server.baseURL, "/p/one")
            _ = try await fetch(server.baseURL, "/p/two")
            _ = try await fetch(server.baseURL, "/local")
            let all = try json(
                try await fetch(
                    "POST", server.baseURL, "/__admin/recordings/snapshot", body: Data(#"{"persist":false}"#.utf8)))
            // Only proxied traffic becomes stubs.
            #expect(
                all["mappings"]?.arrayValue?.compactMap { $0["request"]?["url"]?.stringValue }.sorted() == [
                    "/p/one", "/p/two"
                ])
            let filtered = try json(
                try await fetch(
                    "POST", server.baseURL, "/__admin/recordings/snapshot",
                    body: Data(#"{"persist":false,"filters":{"urlPathPattern":"/p/t.*"}}"#.utf8)))
            #expect(filtered["mappings"]?.arrayValue?.count == 1)
            #expect(try json(try await fetch(server.baseURL, "/__admin/recordings/status"))["status"] == "NeverStarted")
        }
    }

    @Test func recordSpecReadsWireMockSizes() throws {
        let spec = try RecordSpec(
            json: try JSONParser.parse(
                #"{"extractBodyCriteria":{"textSizeThreshold":"2 kb","binarySizeThreshold":"1 Mb"},"repeatsAsScenarios":false,"requestBodyPattern":{"matcher":"equalTo","caseInsensitive":true}}"#
            ))
        #expect(spec.textSizeThreshold == 2048)
        #expect(spec.binarySizeThreshold == 1024 * 1024)
        #expect(spec.repeatsAsScenarios == false)
        #expect(spec.requestBodyPattern == .equalTo(caseInsensitive: true))
        #expect(throws: MappingError.self) { try RecordSpec(json: try JSONParser.parse(#"{"outputFormat":"XML"}"#)) }
    }
}
