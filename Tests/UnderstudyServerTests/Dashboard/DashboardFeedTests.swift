import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON

@testable import UnderstudyServer

/// The dashboard's live feed (`/__understudy/events`), over real sockets.
@Suite struct DashboardFeedTests {
    static let stubs = [#"{"name":"hello","request":{"url":"/hello"},"response":{"status":200,"body":"hi"}}"#]

    @Test func aRequestArrivesOnTheFeedAsASummary() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let text = try await Self.readFeed(port: server.port, until: "/hello") {
                _ = try await AdminTokenTests.send("GET", "/hello", port: server.port)
            }
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.lowercased().contains("content-type: text/event-stream"))
            let requests = try #require(Self.data(of: "requests", in: text)?["requests"]?.arrayValue)
            #expect(requests.first?["url"]?.stringValue == "/hello")
            #expect(requests.first?["matched"]?.boolValue == true)
            #expect(requests.first?["stubName"]?.stringValue == "hello")
        }
    }

    @Test func aStubAddedThroughTheAdminAPIIsAnnounced() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let text = try await Self.readFeed(port: server.port, until: "event: stubs") {
                let stub = #"{"request":{"url":"/new"},"response":{"status":201}}"#
                _ = try await AdminTokenTests.send("POST", "/__admin/mappings", body: stub, port: server.port)
            }
            // No scenario moved: the page is not sent to reload them.
            #expect(!text.contains("event: scenarios"))
        }
    }

    /// A test's own Swift calls change the store without the admin API: the page hears of it too.
    @Test func aStubAddedInSwiftAndAScenarioMovedAreAnnounced() async throws {
        let scenario =
            #"{"scenarioName":"job","requiredScenarioState":"Started","newScenarioState":"Done","request":{"url":"/job"},"response":{"status":200}}"#
        try await withAdminServer(stubs: [scenario]) { server in
            let stubs = try await Self.readFeed(port: server.port, until: "event: stubs") {
                try server.engine.store.add(
                    StubMapping(jsonText: #"{"request":{"url":"/swift"},"response":{"status":204}}"#))
            }
            #expect(!stubs.contains("event: scenarios"))
            let scenarios = try await Self.readFeed(port: server.port, until: "event: scenarios") {
                _ = try await AdminTokenTests.send("GET", "/job", port: server.port)
            }
            #expect(server.engine.store.scenarioStates["job"] == "Done")
            #expect(scenarios.contains("event: requests"))
        }
    }

    @Test func theFeedWantsTheTokenWhenOneIsSet() async throws {
        try await withAdminServer(stubs: Self.stubs, configuration: AdminTokenTests.tokenConfiguration("s3cret")) {
            server in
            let text = try await Self.readFeed(
                port: server.port, headers: ["Authorization: Bearer s3cret"], until: "/hello"
            ) {
                _ = try await AdminTokenTests.send("GET", "/hello", port: server.port)
            }
            #expect(text.hasPrefix("HTTP/1.1 200"))
        }
    }

    /// No page open: the journal is not watched and no batch is ever built.
    @Test func withoutAPageNothingIsBuilt() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            for _ in 0..<20 { _ = try await AdminTokenTests.send("GET", "/hello", port: server.port) }
            _ = try await AdminTokenTests.send(
                "POST", "/__admin/mappings", body: #"{"request":{"url":"/x"},"response":{"status":200}}"#,
                port: server.port)
            try await Task.sleep(for: DashboardFeed.batchInterval * 3)
            #expect(!server.dashboardFeed.isObservingJournal)
            #expect(server.dashboardFeed.batchesBuilt.load(ordering: .relaxed) == 0)
        }
    }

    /// The page that closes its feed takes the journal observation with it.
    @Test func closingTheLastPageStopsWatchingTheJournal() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            _ = try await Self.readFeed(port: server.port, until: "/hello") {
                // The feed watches the journal before the page's hello is written.
                #expect(server.dashboardFeed.isObservingJournal)
                _ = try await AdminTokenTests.send("GET", "/hello", port: server.port)
            }
            // The server hears of the closed connection on its own loop: wait for it, generously.
            let deadline = ContinuousClock.now + .seconds(10)
            while server.dashboardFeed.isObservingJournal, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(!server.dashboardFeed.isObservingJournal)
        }
    }

    /// Opens the feed, waits for its `hello`, runs `action`, then reads until `marker` appears
    /// (or 10 seconds pass); returns everything read.
    static func readFeed(
        port: Int, headers: [String] = [], until marker: String, action: @escaping @Sendable () async throws -> Void
    ) async throws -> String {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                try await RawConnection.with(port: port) { connection in
                    let head = ["GET /__understudy/events HTTP/1.1", "Host: a", "Accept: text/event-stream"] + headers
                    try await connection.send(head.joined(separator: "\r\n") + "\r\n\r\n")
                    var text = ""
                    var acted = false
                    while try await connection.readMore() {
                        text = String(decoding: connection.pending, as: UTF8.self)
                        if !acted, text.contains("event: hello") {
                            acted = true
                            try await action()
                        }
                        if acted, text.contains(marker) { return text }
                    }
                    return text
                }
            }
            group.addTask {
                // An upper bound only (it returns as soon as the marker shows): generous, because a
                // ThreadSanitizer pass on 2 cores runs the suite an order of magnitude slower.
                try await Task.sleep(for: .seconds(45))
                return nil
            }
            defer { group.cancelAll() }
            let first = try await group.next() ?? nil
            return try #require(first, "the feed did not show \(marker) within 45 seconds")
        }
    }

    /// The JSON of the first event named `name` in the feed's text.
    static func data(of name: String, in text: String) -> JSONValue? {
        for block in text.components(separatedBy: "\n\n") where block.contains("event: \(name)\n") {
            guard let line = block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) else { continue }
            return try? JSONParser.parse(Data(line.dropFirst("data: ".count).utf8))
        }
        return nil
    }
}
