// Backs the article "Getting Started" (Sources/Understudy/Understudy.docc/GettingStarted.md).
import Foundation
import Testing
import Understudy
import UnderstudyTesting

@Suite struct GettingStartedSnippets {
    // Backs GettingStarted.md, listing "first-test".
    @Test func createsAReview() async throws {
        try await withStubServer { server in
            server.stub(.post("/reviews"), .created(json: #"{"id":1,"title":"Great"}"#))

            let client = ReviewsClient(baseURL: server.baseURL, session: server.session)
            let review = try await client.create(title: "Great")

            #expect(review == .init(id: 1, title: "Great"))
            try server.verify(try .post("/reviews").jsonBody(["title": "Great"]), .exactly(1))
        }
    }

    // Backs GettingStarted.md, listing "trait".
    @Test(.stubServer(root: SnippetFixtures.api))
    func readsTheTimelineFromAFolder() async throws {
        let server = try StubServer.current
        let (status, text) = try await fetch(try server.url("/timeline"), session: server.session)
        #expect(status == 200)
        #expect(text.contains("hello"))
    }

    // Backs GettingStarted.md, listing "in-process".
    @Test(.inProcessStubs)
    func listsReviewsWithoutASocket() async throws {
        let stubs = try InProcessStubs.current
        stubs.stub(.get("/reviews"), .ok(json: #"[{"id":1,"title":"Great"}]"#))
        let client = ReviewsClient(baseURL: stubs.baseURL, session: stubs.session)
        #expect(try await client.all().map(\.title) == ["Great"])
    }
}
