// Backs the article "Migrating from WireMock" (Sources/Understudy/Understudy.docc/MigratingFromWireMock.md).
import Foundation
import Testing
import Understudy

@Suite struct FromWireMockSnippets {
    // Backs MigratingFromWireMock.md, listing "stub-and-verify".
    @Test func stubAndVerify() async throws {
        try await withStubServer { server in
            server.stub(.get("/reviews").query("page", .equalTo("2")), .ok(json: "[]"))
            server.stub(
                try .post("/reviews").jsonBody(["title": "Great"]), .created(json: #"{"id":1,"title":"Great"}"#))

            let client = ReviewsClient(baseURL: server.baseURL, session: server.session)
            _ = try await client.create(title: "Great")

            try server.verify(.post("/reviews"), .exactly(1))
            try server.verify(.get("/reviews"), .never)
        }
    }

    // Backs MigratingFromWireMock.md, listing "faults-delays-scenarios".
    @Test func faultsDelaysAndScenarios() async throws {
        try await withStubServer { server throws in
            server.stub(.get("/slow"), .ok().delay(.milliseconds(30)))
            server.stub(.get("/broken"), .fault(.connectionResetByPeer))
            server.stub(.get("/job"), sequence: [.accepted(), .ok(json: #"{"done":true}"#)])
            #expect(try await fetch(try server.url("/slow"), session: server.session).status == 200)
            #expect(try await fetch(try server.url("/job"), session: server.session).status == 202)
            #expect(try await fetch(try server.url("/job"), session: server.session).status == 200)
        }
    }

    // Backs MigratingFromWireMock.md, listing "same-json".
    @Test func theMappingFileAsItIs() async throws {
        try await withStubServer { server in
            try server.stub(
                json: """
                    {
                      "scenarioName": "job",
                      "requiredScenarioState": "Started",
                      "newScenarioState": "done",
                      "request": {"method": "GET", "url": "/job"},
                      "response": {"status": 202}
                    }
                    """)
            try server.stub(
                json: """
                    {
                      "scenarioName": "job",
                      "requiredScenarioState": "done",
                      "request": {"method": "GET", "url": "/job"},
                      "response": {"status": 200, "jsonBody": {"done": true}}
                    }
                    """)
            #expect(try await fetch(try server.url("/job"), session: server.session).status == 202)
            #expect(try await fetch(try server.url("/job"), session: server.session).status == 200)
            // The admin API is WireMock's, so WireMock's own clients work against server.baseURL.
            let (status, text) = try await fetch(try server.url("/__admin/mappings"), session: server.session)
            #expect(status == 200)
            #expect(text.contains("\"scenarioName\":\"job\""))
        }
    }
}
