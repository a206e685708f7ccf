import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bearer tokens (RFC 6750): a stub that wants one, and the 401 challenge for a request without
/// it, on both transports.
@Suite(.timeLimit(.minutes(1))) struct BearerTokenTests {
    static let challenge = AuthChallenge.bearer(
        realm: "api", error: .invalidToken, description: "The access token expired")

    static func stubs(_ host: some StubHost) {
        host.stub(.get("/me"), .unauthorized(challenge: challenge))
        host.stub(.get("/me").bearerToken("abc.DEF-_~+/="), .ok(json: #"{"name":"rita"}"#))
    }

    @Test func theChallengeIsRFC6750s() {
        #expect(
            Self.challenge.headerValue
                == #"Bearer realm="api", error="invalid_token", error_description="The access token expired""#)
        #expect(AuthChallenge.bearer(realm: #"a "b""#).headerValue == #"Bearer realm="a \"b\"""#)
        #expect(
            AuthChallenge.bearer(realm: "api", error: .insufficientScope, scope: "read write").headerValue
                == #"Bearer realm="api", error="insufficient_scope", scope="read write""#)
    }

    @Test(arguments: StubTransport.allCases)
    func theRightTokenIsAnsweredWhateverTheSchemesCase(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            Self.stubs(host)
            for scheme in ["Bearer", "bearer", "BEARER"] {
                let reply = try await host.send("/me", headers: ["Authorization": "\(scheme) abc.DEF-_~+/="])
                #expect(reply.status == 200, "\(scheme)")
                #expect(reply.text == #"{"name":"rita"}"#)
            }
        }
    }

    /// A token differing in case or by a character the regular expression would otherwise take as
    /// a wildcard (`.` and `+`) is not the token.
    @Test(arguments: StubTransport.allCases)
    func anyOtherTokenIsNotIt(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/me").bearerToken("abc.DEF-_~+/="), .ok())
            host.stub(.get("/me"), .status(418))
            for token in ["abc.def-_~+/=", "abcXDEF-_~+/=", "abc.DEF-_~//=", "abc.DEF-_~+/", "Xabc.DEF-_~+/="] {
                let reply = try await host.send("/me", headers: ["Authorization": "Bearer \(token)"])
                #expect(reply.status == 418, "\(token)")
            }
            #expect(try await host.send("/me", headers: ["Authorization": "Basic abc.DEF-_~+/="]).status == 418)
        }
    }

    /// URLSession on Linux hands a Bearer 401 and its challenge to the client, over both
    /// transports, which can then refresh its token (corelibs asks no delegate about a Bearer
    /// challenge; see ChallengeTruthTests).
    @Test(arguments: StubTransport.allCases)
    func aRequestWithoutTheTokenGetsTheChallenge(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            Self.stubs(host)
            let reply = try await host.send("/me")
            #expect(reply.status == 401)
            #expect(reply.header("WWW-Authenticate") == Self.challenge.headerValue)
        }
    }

    @Test func theMatcherIsWireMockJSON() throws {
        #expect(
            RequestPattern.get("/me").bearerToken("a.b").json
                == (try JSONValue(
                    parsing:
                        #"{"method":"GET","urlPath":"/me","headers":{"Authorization":{"matches":"(?i:bearer) +a\\.b"}}}"#
                )))
    }
}
