import Foundation
import Testing
import Understudy
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// The journal out as HAR 1.2, and HAR in as stubs: a round trip that replays the same bytes.
@Suite struct HARTests {
    @Test func journalExportsAsHARAndImportsBackIntoStubsThatReplayTheSameBytes() async throws {
        let server = try await startServer(
            [
                #"{"request":{"urlPath":"/json"},"response":{"body":"{\"a\":1}","headers":{"Content-Type":"application/json"}}}"#,
                #"{"request":{"method":"POST","url":"/echo"},"response":{"status":201,"base64Body":"\#(binaryBody.base64EncodedString())","headers":{"Content-Type":"application/octet-stream"}}}"#
            ], admin: true)
        let har = try await withServers([server]) {
            _ = try await fetch(server.baseURL, "/json?x=1", headers: ["Authorization": "Bearer H-SECRET"])
            _ = try await fetch(server.baseURL, "/json")
            _ = try await fetch(
                "POST", server.baseURL, "/echo", body: Data(#"{"q":"v"}"#.utf8),
                headers: ["Content-Type": "application/json"])
            return try await fetch(server.baseURL, "/__admin/requests?format=har").body
        }
        let document = try JSONParser.parse(har)
        #expect(document["log"]?["version"] == "1.2")
        let entries = try #require(document["log"]?["entries"]?.arrayValue)
        #expect(entries.count == 3)
        #expect(entries.first?["request"]?["url"]?.stringValue?.hasSuffix("/json?x=1") == true)
        #expect(entries.last?["response"]?["content"]?["encoding"] == "base64")

        // Import it the way `understudy import-har` does.
        let folder = try TemporaryFolder()
        var spec = RecordSpec(repeatsAsScenarios: false, redaction: RedactionPolicy())
        spec.filters.allowNonProxied = true
        let result = StubGenerator(spec: spec).stubs(from: try HARImport.events(from: har))
        #expect(result.stubs.count == 3)
        #expect(Set(result.stubs.map(\.fileName)).count == 3)
        #expect(result.redactions.headers == ["Authorization"])
        try RecordingWriter(directory: folder.directory).write(result.stubs)
        #expect(try !folder.allText().contains("H-SECRET"))

        let replies = try await withReplay(from: folder.url) { replay in
            [
                try await fetch(replay.baseURL, "/json?x=1"), try await fetch(replay.baseURL, "/json"),
                try await fetch(
                    "POST", replay.baseURL, "/echo", body: Data(#"{"q":"v"}"#.utf8),
                    headers: ["Content-Type": "application/json"])
            ]
        }
        #expect(replies[0].text == #"{"a":1}"#)
        #expect(replies[1].text == #"{"a":1}"#)
        #expect(replies[2].status == 201)
        #expect(replies[2].body == binaryBody)
    }

    @Test func browserHARWithPseudoHeadersAndDecodedGzipImports() throws {
        let har = """
            {"log":{"version":"1.2","creator":{"name":"Browser","version":"1"},"entries":[
             {"startedDateTime":"2024-05-01T10:00:00.000Z","time":5,
              "request":{"method":"GET","url":"https://api.example.com/v1/me?lang=en","httpVersion":"h2",
                "headers":[{"name":":authority","value":"api.example.com"},{"name":"cookie","value":"sid=C-SECRET"}],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":0},
              "response":{"status":200,"statusText":"","httpVersion":"h2","headers":[{"name":"content-encoding","value":"gzip"},{"name":"content-type","value":"application/json"}],
                "content":{"size":20,"mimeType":"application/json","text":"{\\"name\\":\\"rita\\",\\"apiKey\\":\\"K-SECRET\\"}"},"redirectURL":"","headersSize":-1,"bodySize":-1},
              "cache":{},"timings":{"send":0,"wait":5,"receive":0}},
             {"startedDateTime":"2024-05-01T10:00:01.000Z","time":0,"request":{"method":"GET","url":"https://api.example.com/aborted","headers":[]},
              "response":{"status":0,"headers":[],"content":{"size":0,"mimeType":""}}}]}}
            """
        let events = try HARImport.events(from: Data(har.utf8))
        #expect(events.count == 1)
        var spec = RecordSpec(redaction: RedactionPolicy.defaults(jsonFields: ["apiKey"]))
        spec.filters.allowNonProxied = true
        let result = StubGenerator(spec: spec).stubs(from: events)
        let stub = try #require(result.stubs.first?.stub)
        #expect(stub.request.url == .url("/v1/me?lang=en"))
        #expect(stub.response.header("content-encoding") == nil)
        #expect(stub.response.body == .text(#"{"name":"rita","apiKey":"[REDACTED]"}"#))
        #expect(result.redactions.headers == ["cookie"])
        #expect(result.redactions.jsonFields == ["apiKey"])
        #expect(result.stubs.first?.fileName.hasPrefix("get-v1-me-") == true)
    }

    @Test func notAHARFileIsAClearError() {
        #expect(throws: HARError.self) { try HARImport.events(from: Data(#"{"entries":[]}"#.utf8)) }
        #expect(throws: HARError.self) { try HARImport.events(from: Data("<html>".utf8)) }
    }

    @Test func exportRedactionReplacesSecretsInHAR() throws {
        let har: JSONValue = [
            "log": [
                "entries": [
                    [
                        "request": [
                            "headers": [["name": "Authorization", "value": "Bearer X"]],
                            "cookies": [["name": "a", "value": "b"]], "postData": ["text": #"{"password":"P"}"#]
                        ],
                        "response": ["headers": [["name": "Set-Cookie", "value": "s=1"]], "content": ["text": "plain"]]
                    ]
                ]
            ]
        ]
        let (redacted, report) = RedactionPolicy.defaults(jsonFields: ["password"]).redactingHAR(har)
        let text = JSONWriter.string(redacted)
        #expect(!text.contains("Bearer X"))
        #expect(!text.contains("s=1"))
        #expect(!text.contains(#"\"P\""#))
        #expect(report.headers.sorted() == ["Authorization", "Cookie", "Set-Cookie"])
    }
}
