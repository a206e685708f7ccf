import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// A recording keeps every exchange from start to stop, whatever the journal keeps; an answer
/// too large to capture becomes a stub that says so rather than one with a cut body.
@Suite struct RecorderCollectionTests {
    @Test(arguments: [5, 0])
    func aRecordingLongerThanTheJournalLosesNoRequest(journalCapacity: Int) async throws {
        let folder = try TemporaryFolder()
        let upstream = try await startServer([#"{"request":{"urlPathPattern":"/items/.*"},"response":{"body":"item"}}"#]
        )
        let proxy = try await startServer([], proxy: AsyncHTTPProxyForwarder(), journalCapacity: journalCapacity)
        let recorder = StubRecorder(engine: proxy.engine, directory: folder.directory)
        let outcome = try await withServers([proxy, upstream]) {
            try recorder.start(RecordSpec(targetBaseURL: upstream.baseURL.absoluteString))
            for i in 1...20 {
                #expect(try await fetch(proxy.baseURL, "/items/\(i)").text == "item")
            }
            return try recorder.stop()
        }
        #expect(proxy.engine.journal.count == journalCapacity)
        #expect(outcome.result.stubs.count == 20)
        let urls = Set(outcome.result.stubs.map { JSONWriter.string($0.stub.json["request"] ?? nil) })
        #expect(urls.count == 20)
        #expect(folder.files(in: "mappings").count == 20)
        #expect(folder.files(in: "mappings").filter { $0.hasPrefix("get-items-1-") }.count == 1)
        #expect(folder.files(in: "mappings").filter { $0.hasPrefix("get-items-20-") }.count == 1)
    }

    @Test func anAnswerOverTheCaptureLimitIsRecordedAsAStubThatSaysSo() async throws {
        let folder = try TemporaryFolder()
        let upstream = try await startServer([
            #"{"request":{"url":"/big"},"response":{"body":"0123456789abcdef","headers":{"Content-Type":"text/plain"}}}"#,
            #"{"request":{"url":"/small"},"response":{"body":"tiny"}}"#
        ])
        var configuration = quietConfiguration
        configuration.maxBodyBytes = 8
        let proxy = try await startServer([], proxy: AsyncHTTPProxyForwarder(), configuration: configuration)
        let recorder = StubRecorder(engine: proxy.engine, directory: folder.directory)
        let outcome = try await withServers([proxy, upstream]) {
            try recorder.start(RecordSpec(targetBaseURL: upstream.baseURL.absoluteString))
            // The client gets the whole body; only the recording is short of it.
            #expect(try await fetch(proxy.baseURL, "/big").text == "0123456789abcdef")
            #expect(try await fetch(proxy.baseURL, "/small").text == "tiny")
            return try recorder.stop()
        }
        #expect(outcome.result.uncapturedBodies.count == 1)
        #expect(
            outcome.result.uncapturedBodies.first?.contains(
                "GET /big answered 200 with 16 bytes, over the capture limit of 8") == true)
        let big = try #require(folder.files(in: "mappings").first { $0.hasPrefix("get-big-") })
        let json = try JSONParser.parse(
            Data(contentsOf: folder.url.appendingPathComponent("mappings").appendingPathComponent(big)))
        #expect(json["response"]?["status"] == 500)
        let body = try #require(json["response"]?["body"]?.stringValue)
        #expect(body.contains("could not record this response"))
        #expect(!body.contains("01234567"))
        #expect(json["metadata"]?[StubGenerator.uncapturedMetadataKey]?["bodyBytes"] == 16)
        let small = try #require(folder.files(in: "mappings").first { $0.hasPrefix("get-small-") })
        let smallJSON = try JSONParser.parse(
            Data(contentsOf: folder.url.appendingPathComponent("mappings").appendingPathComponent(small)))
        #expect(smallJSON["response"]?["body"] == "tiny")
    }
}
