import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording

/// What real HAR exports hold that used to import badly (issue 19): each pinned by a small HAR of
/// our own, then every real export in `../shared/realworld/har` replayed through the engine.
@Suite struct HARImportCasesTests {
    static func entry(_ method: String, _ url: String, status: Int, body: String = "", at time: String) -> String {
        """
        {"startedDateTime":"\(time)","request":{"method":"\(method)","url":"\(url)","headers":[]},
         "response":{"status":\(status),"headers":[],"content":{"text":"\(body)"}}}
        """
    }

    static func har(_ entries: [String]) -> Data {
        Data(#"{"log":{"version":"1.2","entries":[\#(entries.joined(separator: ","))]}}"#.utf8)
    }

    /// Imports as `understudy import-har` does (its defaults: repeats as scenarios; files written to
    /// a folder) and replays `requests` in order through an engine that loads that folder.
    static func replay(_ har: Data, _ requests: [LoggedRequest]) throws -> [Int] {
        var spec = RecordSpec(repeatsAsScenarios: true, redaction: RedactionPolicy())
        spec.filters.allowNonProxied = true
        let result = StubGenerator(spec: spec).stubs(from: try HARImport.read(har).events)
        let folder = try TemporaryFolder()
        try RecordingWriter(directory: folder.directory).write(result.stubs)
        let loaded = folder.directory.load()
        #expect(loaded.errors.isEmpty, "\(loaded.errors)")
        let engine = StubEngine(files: folder.directory.files)
        try engine.store.addInOrder(loaded.stubs)
        return requests.compactMap { engine.decide($0, capabilities: .inline).run()?.status }
    }

    static func replay(_ har: Data, _ requests: [(String, String)]) throws -> [Int] {
        try replay(har, requests.map { LoggedRequest(method: $0.0, url: $0.1) })
    }

    @Test func rawBracketsInAQueryStayAsSentAndReplay() throws {
        let har = Self.har([
            Self.entry("GET", "https://ads.test/ttj?cb=[CACHEBUSTER]&x=1", status: 200, at: "2024-01-01T00:00:00Z")
        ])
        let events = try HARImport.read(har).events
        #expect(events.first?.request.url == "/ttj?cb=[CACHEBUSTER]&x=1")
        #expect(events.first?.request.scheme == "https" && events.first?.request.port == 443)
        #expect(try Self.replay(har, [("GET", "/ttj?cb=[CACHEBUSTER]&x=1")]) == [200])
    }

    @Test func repeatsReplayInTheOrderTheyWereSentNotFileOrder() throws {
        // File order 200, 404(first in time), 500; by time: 404, 200, 500.
        let har = Self.har([
            Self.entry("GET", "http://x.test/poll", status: 200, at: "2024-01-01T00:00:02Z"),
            Self.entry("GET", "http://x.test/poll", status: 404, at: "2024-01-01T00:00:01Z"),
            Self.entry("GET", "http://x.test/poll", status: 500, at: "2024-01-01T00:00:03Z")
        ])
        #expect(try Self.replay(har, Array(repeating: ("GET", "/poll"), count: 4)) == [404, 200, 500, 500])
    }

    @Test func theSameAnswerTwiceInARowIsOneStep() throws {
        let har = Self.har([
            Self.entry("GET", "http://x.test/p", status: 404, at: "2024-01-01T00:00:01Z"),
            Self.entry("GET", "http://x.test/p", status: 200, body: "a", at: "2024-01-01T00:00:02Z"),
            Self.entry("GET", "http://x.test/p", status: 200, body: "a", at: "2024-01-01T00:00:03Z"),
            Self.entry("GET", "http://x.test/p", status: 404, at: "2024-01-01T00:00:04Z")
        ])
        var spec = RecordSpec(repeatsAsScenarios: true, redaction: RedactionPolicy())
        spec.filters.allowNonProxied = true
        #expect(StubGenerator(spec: spec).stubs(from: try HARImport.read(har).events).stubs.count == 3)
        #expect(try Self.replay(har, Array(repeating: ("GET", "/p"), count: 3)) == [404, 200, 404])
    }

    /// Firefox logs a 304 with the cached body it showed; the server sent none.
    @Test func a304IsImportedWithTheEmptyBodyThatWasSent() throws {
        let har = Self.har([
            Self.entry("GET", "http://x.test/", status: 304, body: "cached page", at: "2024-01-01T00:00:01Z")
        ])
        let event = try #require(try HARImport.read(har).events.first)
        #expect(event.response?.status == 304)
        #expect(event.response?.body.isEmpty == true)
    }

    @Test func webSocketsAndFailedRequestsAreSkippedAndCounted() throws {
        let har = Self.har([
            Self.entry("GET", "wss://x.test/socket", status: 101, at: "2024-01-01T00:00:01Z"),
            Self.entry("GET", "http://x.test/blocked", status: 0, at: "2024-01-01T00:00:02Z"),
            Self.entry("GET", "http://x.test/blocked2", status: 0, at: "2024-01-01T00:00:03Z")
        ])
        let result = try HARImport.read(har)
        #expect(result.events.isEmpty)
        #expect(result.skipped.map(\.count) == [1, 2])
        #expect(result.skipped.first?.reason.contains("101") == true)
    }
}

/// Every real HAR export (sources and licences in ../shared/realworld/SOURCES.md, used in place):
/// imported with the CLI's defaults, each entry replays the status it recorded, in recorded order.
@Suite(.enabled(if: RealWorldHAR.isAvailable || RealWorldHAR.isRequired))
struct RealWorldHARTests {
    @Test(arguments: RealWorldHAR.files())
    func everyEntryReplaysItsRecordedStatusInOrder(file: String) throws {
        let data = try Data(contentsOf: RealWorldHAR.folder.appendingPathComponent(file))
        let events = try HARImport.read(data).events
        #expect(!events.isEmpty)
        let statuses = try HARImportCasesTests.replay(data, events.map(\.request))
        let recorded = events.map { $0.response?.status ?? 0 }
        let differing = zip(events, zip(recorded, statuses)).filter { $1.0 != $1.1 }.map {
            "\($0.0.request.method) \($0.0.request.url): recorded \($0.1.0), replayed \($0.1.1)"
        }
        #expect(statuses.count == recorded.count)
        #expect(differing.isEmpty, "\(file): \(differing.count) of \(events.count) differ: \(differing.prefix(5))")
    }
}

enum RealWorldHAR {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/realworld/har")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder.path) }
    static var isRequired: Bool { ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_REALWORLD"] == "1" }
    static func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".har") }
            .sorted()
    }
}
