// Backs the article "Stubbing from the DSL to WireMock JSON and Back"
// (Sources/Understudy/Understudy.docc/StubbingDSLAndJSON.md).
import Foundation
import Testing
import Understudy

@Suite struct StubbingSnippets {
    // Backs StubbingDSLAndJSON.md, listing "dsl".
    @Test func theDSL() async throws {
        try await withStubServer { server in
            server.stub(
                .get("/reviews").query("page", .equalTo("2")).header("Accept", .contains("json")),
                .ok(json: "[]"))
            server.stub(try .post("/reviews").jsonBody(["title": "Great"]), .created(json: #"{"id":1}"#))
            server.stub(.post("/login").basicAuth("rita", "secret"), .ok())
            server.stub(.any("/admin"), .status(403), priority: 1)
            #expect(server.stubs.count == 4)
        }
    }

    // Backs StubbingDSLAndJSON.md, listing "dsl-to-json".
    @Test func theDSLWritesWireMockJSON() throws {
        let stub = StubMapping(
            name: "second page", request: .get("/reviews").query("page", .equalTo("2")),
            response: .ok(json: "[]"))
        let json = stub.json
        #expect(json["request"]?["urlPath"] == "/reviews")
        #expect(json["request"]?["queryParameters"]?["page"] == ["equalTo": "2"])
        #expect(json["response"]?["status"] == 200)
        // Text a mapping file (or WireMock's admin API) takes as it is:
        let text = "\(json)"
        #expect(try StubMapping(jsonText: text) == stub)
    }

    // Backs StubbingDSLAndJSON.md, listing "json-to-host".
    @Test func wireMockJSONOnAHost() async throws {
        try await withInProcessStubs { stubs in
            try stubs.stub(
                json: """
                    {
                      "request": {"method": "GET", "urlPathPattern": "/reviews/[0-9]+"},
                      "response": {"status": 200, "jsonBody": {"id": 3, "title": "Fine"}}
                    }
                    """)
            let (status, text) = try await fetch(try stubs.url("/reviews/3"), session: stubs.session)
            #expect(status == 200)
            #expect(text.contains("Fine"))
        }
    }

    // Backs StubbingDSLAndJSON.md, listing "folder".
    @Test func aWireMockFolder() async throws {
        try await withStubServer(root: SnippetFixtures.api) { server throws in
            #expect(server.stubs.map(\.name) == ["the timeline"])
            server.stub(.get("/timeline"), .status(503))  // newest wins among equal priorities
            #expect(try await fetch(try server.url("/timeline"), session: server.session).status == 503)
            server.reset()  // back to the folder's stubs only
            #expect(try await fetch(try server.url("/timeline"), session: server.session).status == 200)
        }
    }

    // Backs StubbingDSLAndJSON.md, listing "handle".
    @Test func changingAStubMidTest() async throws {
        try await withInProcessStubs(strict: false) { stubs throws in  // the last request misses on purpose
            let reviews = stubs.stub(.get("/reviews"), .ok(json: "[]"))
            #expect(try await fetch(try stubs.url("/reviews"), session: stubs.session).status == 200)
            reviews.replace(with: .status(500))
            #expect(try await fetch(try stubs.url("/reviews"), session: stubs.session).status == 500)
            reviews.remove()
            #expect(try await fetch(try stubs.url("/reviews"), session: stubs.session).status == 404)
        }
    }
}
