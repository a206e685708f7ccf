import Foundation
import Testing
import Understudy
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// Secrets in query parameters and form bodies stay off disk, in recordings and HAR imports,
/// and the stubs still replay for requests that carry other values for them.
@Suite struct ParameterRedactionTests {
    static let formType = "application/x-www-form-urlencoded"

    @Test func recordedQueryAndFormSecretsNeverReachDiskAndTheStubsStillMatch() async throws {
        let folder = try TemporaryFolder()
        let upstream = try await startServer([
            #"{"request":{"urlPath":"/search"},"response":{"body":"results"}}"#,
            #"{"request":{"method":"POST","url":"/oauth/token"},"response":{"body":"access_token=R-SECRET&scope=read","headers":{"Content-Type":"application/x-www-form-urlencoded"}}}"#
        ])
        let redaction = RedactionPolicy.defaults(jsonFields: ["password"], parameters: ["api_key", "access_token"])
        let recorded = try await withServers([upstream]) {
            try await withRecordReplay(.record(to: folder.url, upstream: upstream.baseURL, redaction: redaction)) {
                server in
                [
                    try await fetch(server.baseURL, "/search?q=cats&api_key=Q-SECRET"),
                    try await fetch(
                        "POST", server.baseURL, "/oauth/token", body: Data("user=rita&password=F-SECRET&grant=pw".utf8),
                        headers: ["Content-Type": Self.formType])
                ]
            }
        }
        #expect(recorded.map(\.text) == ["results", "access_token=R-SECRET&scope=read"])
        let onDisk = try folder.allText()
        for secret in ["Q-SECRET", "F-SECRET", "R-SECRET"] {
            #expect(!onDisk.contains(secret), "\(secret) reached the disk")
        }
        #expect(onDisk.contains("cats"))
        #expect(onDisk.contains("rita"))
        #expect(onDisk.contains("access_token=[REDACTED]&scope=read"))

        // Other values of the redacted names replay the same answers.
        let replayed = try await withReplay(from: folder.url) { server in
            [
                try await fetch(server.baseURL, "/search?q=cats&api_key=OTHER"),
                try await fetch(
                    "POST", server.baseURL, "/oauth/token", body: Data("user=rita&password=other&grant=pw".utf8),
                    headers: ["Content-Type": Self.formType])
            ]
        }
        #expect(replayed.map(\.status) == [200, 200])
        #expect(replayed[0].text == "results")
        #expect(replayed[1].text == "access_token=[REDACTED]&scope=read")
    }

    @Test func harImportRedactsQueryAndFormSecretsOnDisk() throws {
        let har = """
            {"log":{"version":"1.2","entries":[
             {"startedDateTime":"2024-05-01T10:00:00.000Z","time":5,
              "request":{"method":"POST","url":"https://api.example.com/login?session=S-SECRET&v=2","httpVersion":"HTTP/1.1",
                "headers":[{"name":"Content-Type","value":"application/x-www-form-urlencoded"}],
                "queryString":[{"name":"session","value":"S-SECRET"},{"name":"v","value":"2"}],
                "postData":{"mimeType":"application/x-www-form-urlencoded","text":"user=rita&pin=P-SECRET",
                  "params":[{"name":"user","value":"rita"},{"name":"pin","value":"P-SECRET"}]}},
              "response":{"status":200,"headers":[],"content":{"size":2,"mimeType":"text/plain","text":"ok"}}}]}}
            """
        let policy = RedactionPolicy.defaults(parameters: ["session", "pin"])
        // What `understudy import-har` does: stubs from the events, written to the folder.
        var spec = RecordSpec(redaction: policy)
        spec.filters.allowNonProxied = true
        let result = StubGenerator(spec: spec).stubs(from: try HARImport.events(from: Data(har.utf8)))
        let folder = try TemporaryFolder()
        try RecordingWriter(directory: folder.directory).write(result.stubs)
        let onDisk = try folder.allText()
        #expect(!onDisk.contains("S-SECRET"))
        #expect(!onDisk.contains("P-SECRET"))
        #expect(onDisk.contains("\"urlPath\" : \"/login\""))
        #expect(result.redactions.parameters == ["session", "pin"])
        #expect(result.redactions.summary.contains("redacted form fields and query parameters: session, pin"))

        // And what `understudy export-har` does to a HAR before writing it.
        let (redacted, report) = policy.redactingHAR(try JSONParser.parse(Data(har.utf8)))
        let text = JSONWriter.string(redacted)
        #expect(!text.contains("S-SECRET"))
        #expect(!text.contains("P-SECRET"))
        #expect(text.contains("login?session=[REDACTED]&v=2"))
        #expect(report.parameters == ["session", "pin"])
    }
}
