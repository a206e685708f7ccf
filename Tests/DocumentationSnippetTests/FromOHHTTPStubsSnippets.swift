// Backs the article "Migrating from OHHTTPStubs" (Sources/Understudy/Understudy.docc/MigratingFromOHHTTPStubs.md).
import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FromOHHTTPStubsSnippets {
    // Backs MigratingFromOHHTTPStubs.md, listing "stub".
    @Test func aJSONStub() async throws {
        try await withInProcessStubs { stubs throws in
            stubs.stub(.get("/reviews"), .ok(json: [["id": 1, "title": "Great"]]).delay(.milliseconds(20)))
            let client = ReviewsClient(baseURL: stubs.baseURL, session: stubs.session)
            #expect(try await client.all().first?.title == "Great")
        }
    }

    // Backs MigratingFromOHHTTPStubs.md, listing "errors".
    @Test func networkErrors() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.get("/reviews"), .ok(json: "[]"))
            await stubs.goOffline()
            let client = ReviewsClient(baseURL: stubs.baseURL, session: stubs.session)
            await #expect(throws: URLError.self) { _ = try await client.all() }
            await stubs.goOnline()
            stubs.stub(.get("/reviews"), .fault(.emptyResponse))
            do {
                _ = try await client.all()
                Issue.record("an empty response is an error")
            } catch let error as URLError {
                #expect(error.code == .badServerResponse)
            }
        }
    }

    // Backs MigratingFromOHHTTPStubs.md, listing "reset".
    @Test func startingAgain() async throws {
        try await withInProcessStubs(strict: false) { stubs throws in  // the request misses on purpose
            stubs.stub(.get("/reviews"), .ok(json: "[]"))
            stubs.reset()  // what removeAllStubs() did; also empties the journal
            #expect(stubs.stubs.isEmpty)
            #expect(try await fetch(try stubs.url("/reviews"), session: stubs.session).status == 404)
        }
    }
}
