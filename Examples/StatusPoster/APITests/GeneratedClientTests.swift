import Foundation
import StatusPosterAPI
import Testing
import Understudy
import UnderstudyOpenAPI
import UnderstudyOpenAPITransport
import UnderstudyTesting

/// The client generated from `openapi.yaml` against the stubs in `Stubs/`, over each transport.
/// Every test ends by checking that neither the client nor the stubs broke the spec.
@Suite struct GeneratedClientTests {
    @Test(arguments: ClientRoute.allCases)
    func theTimelineComesFromTheFolder(_ route: ClientRoute) async throws {
        try await route.withClient { client, host in
            let posts = try await client.timeline().ok.body.json
            #expect(posts.map(\.user) == ["rita", "sam"])
            let secondPage = try await client.timeline(query: .init(page: 2)).ok.body.json
            #expect(secondPage.first?.id != posts.first?.id)
            try host.verify(.get("/timeline").query("page", .equalTo("2")), .exactly(1))
            #expect(StrictCheck.problems(in: host).isEmpty)
        }
    }

    @Test(arguments: ClientRoute.allCases)
    func aStatusIsPostedAsAForm(_ route: ClientRoute) async throws {
        try await route.withClient { client, host in
            let posted = try await client.postStatus(body: .urlEncodedForm(.init(status: "Lunch was great")))
            #expect(try posted.created.body.json == .init(id: 1001, text: "accepted"))
            try host.verify(.post("/statuses/update.json").form("status", .equalTo("Lunch was great")), .exactly(1))
            #expect(StrictCheck.problems(in: host).isEmpty)
        }
    }

    @Test(arguments: ClientRoute.allCases)
    func aReviewIsCreatedAndARefusalIsRead(_ route: ClientRoute) async throws {
        try await route.withClient { client, host in
            let created = try await client.createReview(
                path: .init(restaurantId: 12345), body: .json(.init(title: "Whatever", stars: 5)))
            #expect(try created.created.headers.Location == "/reviews/1")
            #expect(try created.created.body.json.title == "Whatever")

            host.stub(
                .post("/restaurants/12345/reviews"),
                .status(422).json(#"{"errors":[{"field":"title","message":"is too short"}]}"#), priority: 1)
            let refused = try await client.createReview(
                path: .init(restaurantId: 12345), body: .json(.init(title: "W", stars: 5)))
            #expect(try refused.unprocessableContent.body.json.errors.map(\.field) == ["title"])
            #expect(StrictCheck.problems(in: host).isEmpty)
        }
    }

    @Test(arguments: ClientRoute.allCases)
    func aStubThatBreaksTheSpecIsCaught(_ route: ClientRoute) async throws {
        try await route.withClient { client, host in
            host.stub(.get("/timeline"), .ok(json: #"[{"id":"three","user":"rita","text":"hi"}]"#), priority: 1)
            // The generated client refuses the body too; the host says which rule it broke.
            await #expect(throws: (any Error).self) { try await client.timeline().ok.body.json }
            #expect(host.contractViolations.map(\.violation.pointer) == ["/0/id"])
            // Strict mode would fail the test for it; seen here, it is not reported again.
            #expect(throws: StrictModeFailure.self) { try host.verifyStrictMode() }
        }
    }

    @Test(arguments: ClientRoute.allCases)
    func metricsAreAcceptedAfterTheirDelay(_ route: ClientRoute) async throws {
        try await route.withClient { client, host in
            let output = try await client.sendMetrics(body: .json(.init()))
            _ = try output.accepted
            #expect(host.serveEvents.first?.response?.status == 202)
        }
    }
}

/// With no stubs at all, the spec alone stands in for the service, through the engine transport.
@Suite struct SpecOnlyTests {
    @Test func theSpecAnswersTheGeneratedClient() async throws {
        let contract = try OpenAPIContract(files: ClientRoute.spec)
        try await withInProcessStubs(openAPI: contract) { stubs in
            let client = Client(serverURL: stubs.baseURL, transport: stubs.clientTransport)
            let posted = try await client.postStatus(body: .urlEncodedForm(.init(status: "hi")))
            #expect(try posted.created.body.json == .init(id: 1001, text: "accepted"))  // the spec's example
            _ = try await client.timeline().ok.body.json
            #expect(stubs.contractViolations.isEmpty)
        }
    }
}
