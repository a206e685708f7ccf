// Backs the article "Recording and Replaying with Secrets Kept Out"
// (Sources/Understudy/Understudy.docc/RecordingAndReplaying.md).
import Foundation
import Testing
import Understudy
import UnderstudyRecording

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct RecordingSnippets {
    /// A folder of its own per test, removed afterwards.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Logs in and reads the reviews, as the app would against the real API.
    static func useTheAPI(_ baseURL: URL, session: URLSession) async throws -> String {
        var login = URLRequest(url: baseURL.appendingPathComponent("login"))
        login.httpMethod = "POST"
        login.setValue("application/json", forHTTPHeaderField: "Content-Type")
        login.httpBody = Data(#"{"user":"rita","password":"hunter2"}"#.utf8)
        _ = try await session.data(for: login)
        var reviews = URLRequest(url: baseURL.appendingPathComponent("reviews"))
        reviews.setValue("Bearer live-token", forHTTPHeaderField: "Authorization")
        let (data, _) = try await session.data(for: reviews)
        return String(decoding: data, as: UTF8.self)
    }

    // Backs RecordingAndReplaying.md, listing "record-then-replay".
    @Test func recordsOnceThenReplaysFromDisk() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The "real" API; in your project, its URL.
        try await withStubServer { api in
            api.stub(.post("/login"), .ok(json: #"{"token":"live-token","user":"rita"}"#))
            api.stub(.get("/reviews"), .ok(json: #"[{"id":1,"title":"Great"}]"#))

            // Record: proxy to the upstream, then write mappings/ and __files/ into the folder.
            let redaction = RedactionPolicy.defaults(jsonFields: ["token", "password"])
            _ = try await withRecordReplay(.record(to: folder, upstream: api.baseURL, redaction: redaction)) {
                server in
                try await Self.useTheAPI(server.baseURL, session: server.session)
            }
        }

        // No secret reached the disk.
        let mappings = folder.appendingPathComponent("mappings")
        for file in try FileManager.default.contentsOfDirectory(atPath: mappings.path) {
            let text = try String(contentsOf: mappings.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("live-token") && !text.contains("hunter2"))
        }

        // Replay: no upstream at all; a request never recorded would fail the test.
        let replayed = try await withReplay(from: folder) { server in
            try await Self.useTheAPI(server.baseURL, session: server.session)
        }
        #expect(replayed == #"[{"id":1,"title":"Great"}]"#)
    }

    // Backs RecordingAndReplaying.md, listing "from-environment".
    @Test func replayUnlessAskedToRecord() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let upstream = try #require(URL(string: "https://api.example.com"))
        let mode = RecordReplayMode.fromEnvironment(folder: folder, upstream: upstream, environment: [:])
        #expect(mode == .replay(from: folder))  // UNDERSTUDY_RECORD=1 would record instead
        let recording = RecordReplayMode.fromEnvironment(
            folder: folder, upstream: upstream, environment: ["UNDERSTUDY_RECORD": "1"])
        #expect(recording == .record(to: folder, upstream: upstream))
    }
}
