import Foundation
import Testing
// The rule under test, `SessionChallengeRule`, is Core's (the in-process transports share it).
import UnderstudyCore

@testable import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What URLSession on Linux does with a 401, one test per statement of the Authentication
/// article ("Which 401s become challenges"). Measured with swift-corelibs-foundation; Apple's
/// Foundation raises challenges for more schemes, so the server-side statements are Linux's.
@Suite(.timeLimit(.minutes(1))) struct ChallengeTruthTests {
    static let onLinux: Bool = {
        #if canImport(FoundationNetworking)
            true
        #else
            false
        #endif
    }()

    /// Statement 1: only a Basic challenge with a realm is handed to the session's delegate;
    /// `host.session`'s delegate cancels it, so the caller gets `URLError(.cancelled)`, not the 401.
    @Test(.enabled(if: onLinux))
    func aBasicChallengeWithARealmIsCancelledByTheHostsSession() async throws {
        try await withStubServer { server in
            server.stub(.get("/private"), .unauthorized(challenge: .basic(realm: "api")))
            #expect(await server.failure("GET", "/private")?.code == .cancelled)
        }
    }

    /// Statement 2: a session with no delegate never completes on that 401 (corelibs #5456), which
    /// is why `host.session` has one.
    @Test(.enabled(if: onLinux))
    func withoutADelegateABasicChallengeNeverCompletes() async throws {
        try await withStubServer { server in
            server.stub(.get("/private"), .unauthorized(challenge: .basic(realm: "api")))
            let plain = URLSession(configuration: .ephemeral)
            defer { plain.invalidateAndCancel() }
            let task = plain.dataTask(with: try server.url("/private"))
            task.resume()
            try await Task.sleep(for: .seconds(2))
            #expect(task.state == .running)
            task.cancel()
        }
    }

    /// Statement 3: every other 401 reaches the caller as it is, its challenge and body with it,
    /// over both transports: Bearer (with or without a realm), Digest, Basic without a realm.
    @Test(
        arguments: StubTransport.allCases,
        [
            #"Bearer realm="api", error="invalid_token""#, #"Bearer error="invalid_token""#,
            #"Digest realm="vault", qop="auth", nonce="abc""#, "Basic", #"Basic charset="UTF-8""#
        ])
    func anyOther401ReachesTheCaller(_ transport: StubTransport, challenge: String) async throws {
        guard transport == .inProcess || Self.onLinux else { return }
        try await withStubs(transport) { host in
            host.stub(.get("/me"), .status(401).header("WWW-Authenticate", challenge).body("expired"))
            let reply = try await host.send("/me")
            #expect(reply.status == 401)
            #expect(reply.header("WWW-Authenticate") == challenge)
            #expect(reply.text == "expired")
        }
    }

    /// Statement 4: in-process, a Basic challenge with a realm fails at once naming the server
    /// transport (a credential given to it would be retried on the real network).
    @Test(arguments: [#"Basic realm="api""#, "basic realm=api", #"Bearer realm="a", Basic realm="b""#])
    func inProcessABasicChallengeWithARealmIsRefused(challenge: String) async throws {
        try await withStubs(.inProcess) { host in
            host.stub(.get("/private"), .status(401).header("WWW-Authenticate", challenge))
            let error = await host.failure("GET", "/private")
            #expect(error?.code == .resourceUnavailable)
            #expect(error?.localizedDescription.contains("server transport") == true)
        }
    }

    /// Statement 5: `session(user:password:)` answers a Basic challenge once with its credentials.
    @Test(.enabled(if: onLinux))
    func credentialsAnswerABasicChallengeOnce() async throws {
        try await withStubServer { server in
            server.stub(.get("/private"), .unauthorized(challenge: .basic(realm: "api")))
            server.stub(.get("/private").basicAuth("rita", "secret"), .ok(body: "in"))
            let reply = try await server.send("/private", session: server.session(user: "rita", password: "secret"))
            #expect(reply.text == "in")
            #expect(server.receivedRequests.count == 2)
        }
    }
}

/// The parsing behind statement 4, on the header values measured.
@Suite struct SessionChallengeRuleTests {
    @Test(arguments: [
        (#"Basic realm="api""#, true), ("basic realm=api", true), (#"Basic realm="""#, true),
        (#"Bearer realm="a", Basic realm="b""#, true), ("Basic", false), (#"Basic charset="UTF-8""#, false),
        (#"Bearer realm="api", error="invalid_token""#, false), (#"Digest realm="vault", qop="auth""#, false),
        (#"Bearer realm="x, Basic realm=y""#, false), ("Basic dXNlcjpwYXNz", false)
    ])
    func aBasicChallengeWithARealmIsTheOneThatRaises(value: String, raises: Bool) {
        #expect(SessionChallengeRule.raisesChallenge([value]) == raises, "\(value)")
    }
}
