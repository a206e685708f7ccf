import Foundation
import StatusPoster
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Story 4: the app against a local server loaded from `Stubs/`, one scenario per test. Each
/// test gets its own server (the suite trait), so re-stubbing a route never leaks into another.
@Suite(.stubServer(root: StubsFolder.root))
@MainActor
struct FullStackTests {
    let reviews = RequestPattern.post("/restaurants/12345/reviews")

    func form(_ server: StubServer) -> ReviewForm {
        ReviewForm(
            service: StatusClient(baseURL: server.baseURL, configuration: server.sessionConfiguration()),
            restaurantID: 12345)
    }

    @Test func createdFromTheFolder() async throws {
        let server = try StubServer.current
        let form = form(server)
        await form.submit(NewReview(title: "Whatever", stars: 5))
        #expect(form.state == .posted(Review(id: 1, title: "Whatever")))
    }

    @Test func rejectedFieldsAreShown() async throws {
        let server = try StubServer.current
        server.stub(
            reviews, .status(422).json(#"{"errors":[{"field":"title","message":"is too short"}]}"#), priority: 1)
        let form = form(server)
        await form.submit(NewReview(title: "W", stars: 5))
        #expect(form.state == .rejected([FieldProblem(field: "title", message: "is too short")]))
    }

    @Test(arguments: [(500, StatusServiceError.server(status: 500)), (503, .unavailable)])
    func serverTroubleOffersARetry(_ status: Int, _ expected: StatusServiceError) async throws {
        let server = try StubServer.current
        server.stub(reviews, .status(status), priority: 1).expected(times: 1)
        let form = form(server)
        await form.submit(NewReview(title: "Whatever", stars: 5))
        #expect(form.state == .failed(expected))
    }

    @Test func offline() async throws {
        let server = try StubServer.current
        await server.goOffline()
        let form = form(server)
        await form.submit(NewReview(title: "Whatever", stars: 5))
        #expect(form.state == .failed(.offline))
    }

    @Test func postingIsShownWhileTheAnswerIsHeld() async throws {
        let server = try StubServer.current
        let gate = server.stub(reviews, .created(json: #"{"id":2,"title":"Held"}"#).held(), priority: 1)
        let form = form(server)

        let submitting = Task { await form.submit(NewReview(title: "Held", stars: 4)) }
        await server.expectHeld(gate)
        #expect(form.state == .posting)
        gate.release()
        await submitting.value
        #expect(form.state == .posted(Review(id: 2, title: "Held")))
    }

    @Test func theTimelineIsReadFromTheCacheWhenOffline() async throws {
        let server = try StubServer.current
        let cache = URLCache.isolatedForTesting()
        cache.seed(try server.url("/timeline"), body: try StubsFolder.fixtures.bodyFile("timeline/page2.json"))
        let configuration = server.sessionConfiguration()
        configuration.urlCache = cache
        let client = StatusClient(baseURL: server.baseURL, configuration: configuration)
        await server.goOffline()

        let posts = try await client.timeline(page: 1)

        #expect(posts == (try StubsFolder.fixtures.decode([Post].self, fromBodyFile: "timeline/page2.json")))
        #expect(server.receivedRequests.isEmpty)
    }

    @Test func everyTestStartsFromTheFolderAlone() async throws {
        let server = try StubServer.current
        // Other tests of this suite re-stub the review route at the same time; none shows here.
        #expect(server.stubs.allSatisfy { $0.name != nil })
        #expect(server.receivedRequests.isEmpty)
    }
}
