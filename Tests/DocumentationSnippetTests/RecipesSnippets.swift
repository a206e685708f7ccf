// Backs the article "Recipes" (Sources/Understudy/Understudy.docc/Recipes.md).
import Foundation
import Testing
import Understudy
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client that follows `Link: <…>; rel="next"` to the last page.
struct PagedReviews: Sendable {
    var session: URLSession

    func all(from first: URL) async throws -> [String] {
        var titles: [String] = []
        var next: URL? = first
        while let url = next {
            let (data, response) = try await session.data(from: url)
            titles += try JSONDecoder().decode([ReviewsClient.Review].self, from: data).map(\.title)
            let link = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Link") ?? ""
            next = link.firstMatch(of: /<([^>]+)>;\s*rel="next"/).flatMap { URL(string: String($0.1)) }
        }
        return titles
    }
}

/// A client that retries a 503 after its `Retry-After`, waiting on the clock it is given (real
/// time unless a test gives it another).
struct RetryingClient: Sendable {
    var session: URLSession
    var clock: any Clock<Duration> = ContinuousClock()

    func get(_ url: URL, attempts: Int = 3) async throws -> Int {
        for _ in 1..<attempts {
            let (_, response) = try await session.data(from: url)
            let http = response as? HTTPURLResponse
            guard http?.statusCode == 503 else { return http?.statusCode ?? 0 }
            let seconds = http?.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init) ?? 1
            try await clock.sleep(for: .seconds(seconds))
        }
        let (_, response) = try await session.data(from: url)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

/// A client that refreshes its Bearer token once after a 401 and tries again.
actor ProfileClient {
    let baseURL: URL
    let session: URLSession
    var token: String

    init(baseURL: URL, session: URLSession, token: String) {
        self.baseURL = baseURL
        self.session = session
        self.token = token
    }

    func name() async throws -> String {
        var (data, status) = try await me()
        if status == 401 {
            var refresh = URLRequest(url: baseURL.appendingPathComponent("token"))
            refresh.httpMethod = "POST"
            let (body, _) = try await session.data(for: refresh)
            token = try JSONDecoder().decode([String: String].self, from: body)["access_token"] ?? ""
            (data, status) = try await me()
        }
        return try JSONDecoder().decode([String: String].self, from: data)["name"] ?? ""
    }

    private func me() async throws -> (Data, Int) {
        var request = URLRequest(url: baseURL.appendingPathComponent("me"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await session.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}

@Suite struct RecipesSnippets {
    // Backs Recipes.md, listing "pagination".
    @Test func followsLinkHeadersToTheLastPage() async throws {
        try await withStubServer { server in
            try server.stub(
                json: #"""
                    {
                      "request": { "method": "GET", "url": "/reviews" },
                      "response": {
                        "status": 200,
                        "jsonBody": [{ "id": 1, "title": "Great" }],
                        "headers": { "Link": "<{{request.baseUrl}}/reviews?page=2>; rel=\"next\"" },
                        "transformers": ["response-template"]
                      }
                    }
                    """#)
            server.stub(.get("/reviews").query("page", .equalTo("2")), .ok(json: #"[{"id":2,"title":"Fine"}]"#))
            let titles = try await PagedReviews(session: server.session).all(from: try server.url("/reviews"))
            #expect(titles == ["Great", "Fine"])
        }
    }

    // Backs Recipes.md, listing "retry".
    @Test(arguments: StubTransport.allCases)
    func retriesAfterRetryAfter(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/reviews"), sequence: [.status(503).header("Retry-After", "1"), .ok(json: "[]")])
            let clock = ManualClock()
            let client = RetryingClient(session: host.session, clock: clock)
            async let status = client.get(try host.url("/reviews"))
            try await clock.waitUntilSleeping()  // the client got the 503 and waits for its second
            clock.advance(by: .seconds(1))
            #expect(try await status == 200)
            try host.verify(.get("/reviews"), .exactly(2))
        }
    }

    // Backs Recipes.md, listing "bearer".
    @Test(arguments: StubTransport.allCases)
    func refreshesTheTokenAfterA401(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/me"), .unauthorized(challenge: .bearer(realm: "api", error: .invalidToken)))
            host.stub(.get("/me").bearerToken("fresh"), .ok(json: #"{"name":"rita"}"#), priority: 1)
            host.stub(.post("/token"), .ok(json: #"{"access_token":"fresh"}"#)).expected(times: 1)
            let client = ProfileClient(baseURL: host.baseURL, session: host.session, token: "stale")
            #expect(try await client.name() == "rita")
        }
    }

    // Backs Recipes.md, listing "held".
    @Test(arguments: StubTransport.allCases)
    func aHeldAnswerShowsTheLoadingState(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let reviews = host.stub(.get("/reviews"), .ok(json: "[]").held())
            let load = Task { try await fetch(try host.url("/reviews"), session: host.session) }
            try await reviews.waitUntilHolding(1)
            // … the app shows "loading" here; nothing has answered yet …
            reviews.release()
            #expect(try await load.value.status == 200)
        }
    }

    // Backs Recipes.md, listing "held-json".
    @Test func aHeldAnswerInJSON() async throws {
        try await withStubServer { server in
            let reviews = try server.stub(
                json: #"""
                    {
                      "request": { "method": "GET", "url": "/reviews" },
                      "response": {
                        "status": 200, "jsonBody": [],
                        "transformerParameters": { "understudyHeldBy": "9F1C2D3E-0000-4000-8000-000000000001" }
                      }
                    }
                    """#)
            let load = Task { try await fetch(try server.url("/reviews"), session: server.session) }
            try await reviews.waitUntilHolding(1)
            reviews.release()
            #expect(try await load.value.status == 200)
        }
    }

    // Backs Recipes.md, listing "headers".
    @Test func answerHeaders() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(
                .get("/reviews"),
                .ok(json: "[]").header("Cache-Control", "max-age=60").header("ETag", #""v1""#))
            let (_, response) = try await stubs.session.data(from: try stubs.url("/reviews"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.value(forHTTPHeaderField: "Cache-Control") == "max-age=60")
            #expect(http.value(forHTTPHeaderField: "ETag") == #""v1""#)
        }
    }

    // Backs Recipes.md, listing "never".
    @Test func aRequestThatMustNeverHappen() async throws {
        try await withStubServer { server in
            server.stub(.get("/reviews"), .ok(json: #"[{"id":1,"title":"Great"}]"#))
            server.stub(.delete("/reviews/1"), .noContent()).expected(times: 0)  // strict mode fails a use
            let client = ReviewsClient(baseURL: server.baseURL, session: server.session)
            _ = try await client.all()
            try server.verify(.delete("/reviews/1"), .never)  // or say so at once
        }
    }

    // Backs Recipes.md, listing "folder".
    @Test func aFolderShippedWithTheTests() async throws {
        try await withStubServer(root: SnippetFixtures.api) { server throws in
            #expect(try await fetch(try server.url("/timeline"), session: server.session).status == 200)
        }
    }
}
