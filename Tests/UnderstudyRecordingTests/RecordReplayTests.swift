import Foundation
import Testing
import Understudy
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer

/// Record a real API (an in-test server) into a folder, then replay it from disk.
@Suite struct RecordReplayTests {
    static let bigText = String(repeating: "All work and no play. ", count: 1000)

    /// Plays the real API: JSON, binary, a big text page, a login that sets a cookie and returns a token.
    static func realAPI() async throws -> StubHTTPServer {
        try await startServer([
            #"{"request":{"method":"GET","url":"/timeline?page=2"},"response":{"status":200,"body":"[{\"id\":1}]","headers":{"Content-Type":"application/json"}}}"#,
            #"{"request":{"method":"GET","url":"/avatar.png"},"response":{"base64Body":"\#(binaryBody.base64EncodedString())","headers":{"Content-Type":"image/png"}}}"#,
            #"{"request":{"method":"GET","url":"/book"},"response":{"body":"\#(bigText)","headers":{"Content-Type":"text/plain"}}}"#,
            #"{"request":{"method":"POST","url":"/login"},"response":{"status":200,"body":"{\"token\":\"tok-SECRET-1\",\"user\":\"rita\"}","headers":{"Content-Type":"application/json","Set-Cookie":"session=COOKIE-SECRET"}}}"#
        ])
    }

    static func exercise(_ base: URL) async throws -> [Reply] {
        [
            try await fetch(base, "/timeline?page=2", headers: ["Authorization": "Bearer AUTH-SECRET"]),
            try await fetch(base, "/avatar.png"),
            try await fetch(base, "/book"),
            try await fetch(
                "POST", base, "/login", body: Data(#"{"user":"rita","password":"PW-SECRET"}"#.utf8),
                headers: ["Content-Type": "application/json"])
        ]
    }

    @Test func recordsThenReplaysFromDiskByteForByteWithSecretsKeptOffDisk() async throws {
        let folder = try TemporaryFolder()
        let upstream = try await Self.realAPI()
        let redaction = RedactionPolicy.defaults(jsonFields: ["token", "password"])
        let recorded = try await withServers([upstream]) {
            try await withRecordReplay(.record(to: folder.url, upstream: upstream.baseURL, redaction: redaction)) {
                server in
                try await Self.exercise(server.baseURL)
            }
        }
        #expect(recorded.map(\.status) == [200, 200, 200, 200])
        #expect(recorded[1].body == binaryBody)

        // One readable mapping per distinct request; the binary and the big text went to __files.
        let mappings = folder.files(in: "mappings")
        #expect(mappings.count == 4)
        #expect(mappings.contains { $0.hasPrefix("get-timeline-") && $0.hasSuffix(".json") })
        #expect(mappings.contains { $0.hasPrefix("post-login-") })
        let files = folder.files(in: "__files")
        #expect(files.count == 2)
        let png = try #require(files.first { $0.hasSuffix(".png") })
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("__files").appendingPathComponent(png)) == binaryBody
        )
        #expect(files.contains { $0.hasPrefix("get-book-") && $0.hasSuffix(".txt") })

        // The secrets are nowhere on disk.
        let onDisk = try folder.allText()
        for secret in ["AUTH-SECRET", "COOKIE-SECRET", "tok-SECRET-1", "PW-SECRET"] {
            #expect(!onDisk.contains(secret), "\(secret) reached the disk")
        }
        #expect(onDisk.contains(RedactionPolicy.placeholder))

        // Replay without the upstream: same bytes (the token reads as redacted), even without Authorization.
        let replayed = try await withReplay(from: folder.url) { server in
            try await Self.exercise(server.baseURL)
        }
        #expect(replayed.map(\.status) == recorded.map(\.status))
        #expect(replayed[0].body == recorded[0].body)
        #expect(replayed[1].body == binaryBody)
        #expect(replayed[2].body == recorded[2].body)
        #expect(replayed[3].text == #"{"token":"[REDACTED]","user":"rita"}"#)
        #expect(replayed[3].header("Set-Cookie") == RedactionPolicy.placeholder)
        #expect(replayed[1].header("Content-Type") == "image/png")
    }

    @Test func strictReplayFailsOnARequestNeverRecorded() async throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        await #expect(throws: UnrecordedRequestsError.self) {
            try await withReplay(from: folder.url) { server in
                _ = try await fetch(server.baseURL, "/never-recorded")
            }
        }
        // Lenient replay lets the test decide.
        let status = try await withReplay(from: folder.url, strict: false) { server in
            try await fetch(server.baseURL, "/never-recorded").status
        }
        #expect(status == 404)
    }

    @Test func replayWithoutARecordingSaysHowToRecord() async throws {
        let folder = try TemporaryFolder()
        do {
            try await withReplay(from: folder.url) { _ in }
            Issue.record("expected a missing recording to fail")
        } catch let error as UnrecordedRequestsError {
            #expect(error.description.contains("UNDERSTUDY_RECORD=1"))
        }
    }

    @Test func theEnvironmentDecidesTheMode() throws {
        let folder = URL(fileURLWithPath: "/tmp/f")
        let upstream = try #require(URL(string: "https://api.example.com"))
        #expect(
            RecordReplayMode.fromEnvironment(folder: folder, upstream: upstream, environment: [:])
                == .replay(from: folder))
        #expect(
            RecordReplayMode.fromEnvironment(
                folder: folder, upstream: upstream, environment: ["UNDERSTUDY_RECORD": "1"])
                == .record(to: folder, upstream: upstream))
        #expect(
            RecordReplayMode.fromEnvironment(
                folder: folder, upstream: upstream, environment: ["UNDERSTUDY_RECORD": "0"]) == .replay(from: folder))
    }

    @Test func repeatsBecomeAScenarioThatReplaysInOrder() async throws {
        let folder = try TemporaryFolder()
        let upstream = try await startServer([
            #"{"scenarioName":"job","requiredScenarioState":"Started","newScenarioState":"done","request":{"url":"/job"},"response":{"body":"running"}}"#,
            #"{"scenarioName":"job","requiredScenarioState":"done","request":{"url":"/job"},"response":{"body":"finished"}}"#
        ])
        try await withServers([upstream]) {
            try await withRecordReplay(.record(to: folder.url, upstream: upstream.baseURL)) { server in
                _ = try await fetch(server.baseURL, "/job")
                _ = try await fetch(server.baseURL, "/job")
            }
        }
        let texts = try await withReplay(from: folder.url) { server in
            [
                try await fetch(server.baseURL, "/job").text, try await fetch(server.baseURL, "/job").text,
                try await fetch(server.baseURL, "/job").text
            ]
        }
        #expect(texts == ["running", "finished", "finished"])
    }

    @Test func identicalRepeatsWithoutScenariosKeepOneStub() async throws {
        let folder = try TemporaryFolder()
        let upstream = try await startServer([#"{"request":{"url":"/same"},"response":{"body":"x"}}"#])
        try await withServers([upstream]) {
            try await withRecordReplay(.record(to: folder.url, upstream: upstream.baseURL, repeatsAsScenarios: false)) {
                server in
                for _ in 0..<3 { _ = try await fetch(server.baseURL, "/same") }
            }
        }
        #expect(folder.files(in: "mappings").count == 1)
    }

    @Test func reRecordingReplacesOnlyTheStubsItRecordsAgain() async throws {
        let folder = try TemporaryFolder()
        let mappings = folder.url.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request":{"method":"GET","url":"/hand-written"},"response":{"body":"mine"}}"#.utf8).write(
            to: mappings.appendingPathComponent("hand.json"))
        try Data(#"{"request":{"method":"GET","url":"/a"},"response":{"body":"old"}}"#.utf8).write(
            to: mappings.appendingPathComponent("old-a.json"))
        let upstream = try await startServer([#"{"request":{"url":"/a"},"response":{"body":"new"}}"#])
        try await withServers([upstream]) {
            try await withRecordReplay(.record(to: folder.url, upstream: upstream.baseURL)) { server in
                _ = try await fetch(server.baseURL, "/a")
            }
        }
        let names = folder.files(in: "mappings")
        #expect(names.contains("hand.json"))
        #expect(!names.contains("old-a.json"))
        #expect(names.count == 2)
        let texts = try await withReplay(from: folder.url) { server in
            [try await fetch(server.baseURL, "/a").text, try await fetch(server.baseURL, "/hand-written").text]
        }
        #expect(texts == ["new", "mine"])
    }
}
