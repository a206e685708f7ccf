// Backs the article "Migrating from Replay and HAR-Based Recorders"
// (Sources/Understudy/Understudy.docc/MigratingFromHARRecorders.md).
import Foundation
import Testing
import Understudy
import UnderstudyRecording

@Suite struct FromHARSnippets {
    /// A one-entry HAR 1.2 export, as a browser or a HAR-based recorder writes it.
    static let har = Data(
        #"""
        {"log": {"version": "1.2", "creator": {"name": "example", "version": "1"}, "entries": [
          {"startedDateTime": "2026-01-01T10:00:00.000Z",
           "request": {"method": "GET", "url": "https://api.example.com/reviews?page=2", "headers": [
             {"name": "Authorization", "value": "Bearer live-token"}]},
           "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
             "content": {"mimeType": "application/json", "text": "[{\"id\":1,\"title\":\"Great\"}]"}}}
        ]}}
        """#.utf8)

    // Backs MigratingFromHARRecorders.md, listing "har-to-stubs".
    @Test func aHARBecomesStubs() async throws {
        var spec = RecordSpec(redaction: RedactionPolicy.defaults())
        spec.filters.allowNonProxied = true  // the entries did not go through our proxy
        let recorded = StubGenerator(spec: spec).stubs(from: try HARImport.read(Self.har).events)

        try await withInProcessStubs { stubs in
            for item in recorded.stubs { try stubs.stub(item.stub) }
            let (status, text) = try await fetch(try stubs.url("/reviews?page=2"), session: stubs.session)
            #expect(status == 200)
            #expect(text.contains("Great"))
            // The Authorization header was not made part of the stub: it matches without it.
            #expect(stubs.stubs.allSatisfy { !"\($0.json)".contains("live-token") })
        }
    }
}
