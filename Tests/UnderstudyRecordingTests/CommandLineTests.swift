import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// `understudy record`, `import-har` and `export-har` as a user runs them.
@Suite struct CommandLineTests {
    @Test func recordWritesStubsOnSIGINTAndSaysWhatItRedacted() async throws {
        let folder = try TemporaryFolder()
        let upstream = try await startServer([
            #"{"request":{"urlPath":"/me"},"response":{"body":"{\"name\":\"rita\",\"token\":\"T-SECRET\"}","headers":{"Content-Type":"application/json","Set-Cookie":"sid=C-SECRET"}}}"#
        ])
        try await withServers([upstream]) {
            let recorder = try await CLIProcess.start([
                "record", "--target", upstream.baseURL.absoluteString, "--root", folder.url.path, "--port", "0",
                "--redact-json-field", "token",
                "--redact-param", "api_key"
            ])
            defer { recorder.terminate() }
            let base = try #require(URL(string: recorder.firstLine))
            let reply = try await fetch(base, "/me?api_key=Q-SECRET", headers: ["Authorization": "Bearer A-SECRET"])
            #expect(reply.text.contains("T-SECRET"))  // the client sees the real answer while recording
            let (status, output) = await recorder.finish(signal: SIGINT)
            #expect(status == 0)
            #expect(output.contains("recorded 1 stub into"))
            #expect(output.contains("wrote mappings/get-me-"))
            #expect(output.contains("redacted headers: Authorization, Set-Cookie"))
            #expect(output.contains("redacted JSON fields: token"))
            #expect(output.contains("redacted form fields and query parameters: api_key"))
        }
        let onDisk = try folder.allText()
        #expect(onDisk.contains("rita"))
        for secret in ["T-SECRET", "C-SECRET", "A-SECRET", "Q-SECRET"] { #expect(!onDisk.contains(secret)) }
    }

    @Test func recordStopsThroughTheAdminAPITooAndKeepsOtherStubs() async throws {
        let folder = try TemporaryFolder()
        let mappings = folder.url.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        try Data(#"{"request":{"url":"/other"},"response":{"body":"kept"}}"#.utf8).write(
            to: mappings.appendingPathComponent("other.json"))
        let upstream = try await startServer([#"{"response":{"body":"up"}}"#])
        try await withServers([upstream]) {
            let recorder = try await CLIProcess.start([
                "record", "--target", upstream.baseURL.absoluteString, "--root", folder.url.path, "--port", "0"
            ])
            defer { recorder.terminate() }
            let base = try #require(URL(string: recorder.firstLine))
            _ = try await fetch(base, "/x")
            #expect(try await fetch("POST", base, "/__admin/recordings/stop").status == 200)
            let (status, output) = await recorder.finish()
            #expect(status == 0)
            #expect(output.contains("recorded 1 stub"))
        }
        #expect(folder.files(in: "mappings").count == 2)
        #expect(folder.files(in: "mappings").contains("other.json"))
    }

    @Test func importHARAndExportHARWorkFromTheCommandLine() async throws {
        let folder = try TemporaryFolder()
        let server = try await startServer([#"{"request":{"url":"/hello"},"response":{"body":"hi"}}"#], admin: true)
        let harFile = folder.url.appendingPathComponent("journal.har")
        try await withServers([server]) {
            _ = try await fetch(server.baseURL, "/hello", headers: ["Authorization": "Bearer E-SECRET"])
            let export = try await CLIProcess.start([
                "export-har", "--url", server.baseURL.absoluteString, "--output", harFile.path
            ])
            let (status, output) = await export.finish()
            #expect(status == 0)
            #expect(output.contains("wrote 1 entry to"))
        }
        let har = String(decoding: try Data(contentsOf: harFile), as: UTF8.self)
        #expect(har.contains("\"version\" : \"1.2\""))
        #expect(!har.contains("E-SECRET"))

        let importer = try await CLIProcess.start(["import-har", harFile.path, "--root", folder.url.path])
        let (status, output) = await importer.finish()
        #expect(status == 0)
        #expect(output.contains("recorded 1 stub"))
        #expect(folder.files(in: "mappings").first?.hasPrefix("get-hello-") == true)
    }
}
