import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What only the server can do: it does it, and in-process fails at once with a message that
/// names the server transport (never a crash, never the real network).
@Suite struct TransportLimitsTests {
    static func expectRefusal(_ error: URLError?, mentioning word: String) {
        #expect(error?.code == .resourceUnavailable)
        let message = error?.localizedDescription ?? ""
        #expect(message.contains("server transport"), "message: \(message)")
        #expect(message.contains(word), "message: \(message)")
    }

    @Test(arguments: StubTransport.allCases)
    func redirects(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/old"), .redirect(to: "/new", status: 301))
            host.stub(.get("/new"), .ok(body: "landed"))
            switch transport {
            case .server:
                #expect(try await host.send("/old").text == "landed")
            case .inProcess:
                Self.expectRefusal(await host.failure("GET", "/old"), mentioning: "redirect")
                #expect(host.requests(matching: .get("/new")).isEmpty)
            }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: StubTransport.allCases)
    func authChallenges(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/private"), .unauthorized(challenge: .basic(realm: "api")))
            let error = await host.failure("GET", "/private")
            switch transport {
            case .server: #expect(error?.code == .cancelled)  // the session's delegate refuses, never hangs
            case .inProcess: Self.expectRefusal(error, mentioning: "401")
            }
        }
    }

    @Test(arguments: StubTransport.allCases)
    func plainUnauthorizedWithoutAChallengeIsJustAStatus(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/private"), .status(401).body("no"))
            let reply = try await host.send("/private")
            #expect(reply.status == 401)
            #expect(reply.text == "no")
        }
    }

    @Test(arguments: StubTransport.allCases)
    func dribbledBodies(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/drip"), .ok(body: "abcdef").dribble(chunks: 3, over: .milliseconds(60)))
            switch transport {
            case .server: #expect(try await host.send("/drip").text == "abcdef")
            case .inProcess: Self.expectRefusal(await host.failure("GET", "/drip"), mentioning: "chunks")
            }
        }
    }

    @Test(arguments: StubTransport.allCases)
    func uploadBodies(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.post("/upload").body(.contains("photo")), .created())
            host.stub(.post("/ping"), .accepted())
            var request = URLRequest(url: try host.url("/upload"))
            request.httpMethod = "POST"
            let payload = Data("a photo".utf8)
            var ping = URLRequest(url: try host.url("/ping"))
            ping.httpMethod = "POST"
            // A stub that ignores the body works either way.
            let (_, pinged) = try await host.session.upload(for: ping, from: payload)
            #expect((pinged as? HTTPURLResponse)?.statusCode == 202)
            switch transport {
            case .server:
                let (_, response) = try await host.session.upload(for: request, from: payload)
                #expect((response as? HTTPURLResponse)?.statusCode == 201)
            case .inProcess:
                do {
                    _ = try await host.session.upload(for: request, from: payload)
                    Issue.record("an in-process upload to a body-matching stub must fail")
                } catch let error as URLError {
                    Self.expectRefusal(error, mentioning: "upload")
                }
            }
        }
    }

    @Test func aClosedStubSetNeverReachesTheNetwork() async throws {
        let stubs = try InProcessStubs.start()
        stubs.stub(.get("/a"), .ok())
        let session = URLSession(configuration: .ephemeral)
        stubs.configure(session.configuration)
        let configuration = URLSessionConfiguration.ephemeral
        stubs.configure(configuration)
        let own = URLSession(configuration: configuration)
        #expect(try await stubs.send("/a", session: own).status == 200)
        try await stubs.shutdown()
        let error = await stubs.failure("GET", "/a", session: own)
        #expect(error?.code == .cannotFindHost)
        #expect(error?.localizedDescription.contains("closed") == true)
    }

    /// The only test in the package that touches `URLSession.shared`: the check reads what the
    /// shared session was made with, so another test making it first raced this one (every other
    /// test uses a session of its own).
    @Test func sharedSessionIsOptInAndExplainsTheOrderingTrap() async throws {
        try await withInProcessStubs { stubs throws in
            stubs.stub(.get("/shared"), .ok(body: "via shared"))
            do {
                try InProcessStubs.interceptSharedSession()
                let (data, _) = try await URLSession.shared.data(from: stubs.url("/shared"))
                #expect(String(decoding: data, as: UTF8.self) == "via shared")
            } catch let error as SharedSessionInterceptionError {
                #expect(error.description.contains("before any code touches URLSession.shared"))
                #expect(error.description.contains("stubs.session"))
            }
        }
    }
}
