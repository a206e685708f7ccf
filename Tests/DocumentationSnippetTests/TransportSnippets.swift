// Backs the article "Choosing a Transport" (Sources/Understudy/Understudy.docc/ChoosingATransport.md).
import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct TransportSnippets {
    // Backs ChoosingATransport.md, listing "both-transports".
    @Test(arguments: StubTransport.allCases)
    func createsAReviewOverEitherTransport(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.post("/reviews"), .created(json: #"{"id":7,"title":"Fine"}"#))
            let client = ReviewsClient(baseURL: host.baseURL, session: host.session)
            #expect(try await client.create(title: "Fine").id == 7)
            try host.verify(.post("/reviews"), .exactly(1))
        }
    }

    // Backs ChoosingATransport.md, listing "refusal".
    @Test func inProcessRefusesWhatItCannotPlay() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.get("/old"), .redirect(to: "/new"))
            do {
                _ = try await stubs.session.data(from: try stubs.url("/old"))
                Issue.record("a redirect cannot be played in-process")
            } catch let error as URLError {
                #expect(error.code == .resourceUnavailable)
                #expect(error.localizedDescription.contains("server transport"))
            }
        }
        // The same stub over a real server: URLSession follows the redirect.
        try await withStubServer { server throws in
            server.stub(.get("/old"), .redirect(to: "/new"))
            server.stub(.get("/new"), .ok(body: "landed"))
            #expect(try await fetch(try server.url("/old"), session: server.session).text == "landed")
        }
    }

    // Backs ChoosingATransport.md, listing "own-session".
    @Test func aSessionOfYourOwn() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.get("/reviews"), .ok(json: "[]"))
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpAdditionalHeaders = ["X-App": "1"]
            stubs.configure(configuration)  // puts the in-process protocol first
            let session = URLSession(configuration: configuration)
            var request = URLRequest(url: try stubs.url("/reviews"))
            request.setValue("MyApp/1.0", forHTTPHeaderField: "User-Agent")
            _ = try await session.data(for: request)
            try stubs.verify(.get("/reviews").header("User-Agent", .equalTo("MyApp/1.0")))
            #if os(Linux)
                // The session's httpAdditionalHeaders never reach a URLProtocol on Linux.
                try stubs.verify(.get("/reviews").header("X-App", .absent))
            #endif
        }
    }

    /// Backs the article's claim that the server transport, unlike in-process, sees them.
    @Test func additionalHeadersReachTheServer() async throws {
        try await withStubServer { server in
            server.stub(.get("/reviews"), .ok(json: "[]"))
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpAdditionalHeaders = ["X-App": "1"]
            _ = try await URLSession(configuration: configuration).data(from: try server.url("/reviews"))
            try server.verify(.get("/reviews").header("X-App", .equalTo("1")))
        }
    }
}
