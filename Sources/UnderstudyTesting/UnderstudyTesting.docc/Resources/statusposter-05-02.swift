import Foundation
import StatusPoster
import Testing
import UnderstudyTesting

@Suite struct StatusServiceContractTests {
    static let cases = Implementation.allCases.flatMap { implementation in
        StubTransport.allCases.map { (implementation, $0) }
    }

    @Test(arguments: cases)
    func readsTheTimelineAsTheFixtureSaysIt(_ implementation: Implementation, _ transport: StubTransport) async throws {
        try await withStubs(transport, root: StubsFolder.root) { host in
            let client = implementation.client(for: host)

            let first = try await client.timeline(page: 1)
            let second = try await client.timeline(page: 2)

            #expect(first == (try StubsFolder.fixtures.decode([Post].self, fromBodyFile: "timeline/page1.json")))
            #expect(second == (try StubsFolder.fixtures.decode([Post].self, fromBodyFile: "timeline/page2.json")))
            host.expect(.get("/timeline").query("page", .equalTo("2")), .exactly(1))
            host.expectNoUnmatchedRequests()
        }
    }

    @Test(arguments: cases)
    func postsAStatusAsAForm(_ implementation: Implementation, _ transport: StubTransport) async throws {
        try await withStubs(transport, root: StubsFolder.root) { host in
            // Accepted without a challenge, so the contract runs in-process too.
            host.stub(
                .post("/statuses/update.json").form("status", .equalTo("hi there")),
                .created(json: #"{"id":7,"text":"ok"}"#), priority: 1)
            let client = implementation.client(for: host)

            let posted = try await client.postStatus("hi there")
            #expect(posted == PostedStatus(id: 7, text: "ok"))
            host.expect(.post("/statuses/update.json").body(.equalTo("status=hi+there")), .exactly(1))
        }
    }

    @Test(arguments: cases)
    func goingOfflineIsTheOfflineError(_ implementation: Implementation, _ transport: StubTransport) async throws {
        try await withStubs(transport, root: StubsFolder.root) { host in
            let client = implementation.client(for: host)
            await host.goOffline()

            await #expect(throws: StatusServiceError.offline) {
                try await client.createReview(NewReview(title: "Whatever", stars: 4), restaurantID: 1)
            }
            #expect(host.receivedRequests.isEmpty)

            await host.goOnline()
            let review = try await client.createReview(NewReview(title: "Whatever", stars: 4), restaurantID: 1)
            #expect(review.id == 1)
        }
    }
}
