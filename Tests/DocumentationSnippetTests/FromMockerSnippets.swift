// Backs the article "Migrating from Mocker" (Sources/Understudy/Understudy.docc/MigratingFromMocker.md).
import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FromMockerSnippets {
    // Backs MigratingFromMocker.md, listing "per-method".
    @Test func oneURLTwoMethods() async throws {
        try await withInProcessStubs { stubs throws in
            stubs.stub(.get("/reviews"), .ok(json: "[]"))
            stubs.stub(.post("/reviews"), .created(json: #"{"id":2,"title":"New"}"#))
            let client = ReviewsClient(baseURL: stubs.baseURL, session: stubs.session)
            #expect(try await client.all().isEmpty)
            #expect(try await client.create(title: "New").id == 2)
        }
    }

    // Backs MigratingFromMocker.md, listing "on-request".
    @Test func seeingTheRequest() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.post("/reviews"), .created(json: #"{"id":2,"title":"New"}"#))
            let client = ReviewsClient(baseURL: stubs.baseURL, session: stubs.session)
            _ = try await client.create(title: "New")
            let sent = try #require(stubs.requests(matching: .post("/reviews")).first)
            #expect(sent.headers.first("Content-Type") == "application/json")
            #expect(sent.bodyText == #"{"title":"New"}"#)
        }
    }

    // Backs MigratingFromMocker.md, listing "completion".
    @Test func waitingForACall() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.post("/reviews"), .created(json: #"{"id":2,"title":"New"}"#))
            let client = ReviewsClient(baseURL: stubs.baseURL, session: stubs.session)
            Task { _ = try await client.create(title: "New") }
            try await stubs.waitForRequests(matching: .post("/reviews"), timeout: .seconds(5))
        }
    }
}
