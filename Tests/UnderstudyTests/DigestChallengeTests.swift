import Foundation
import Testing
import Understudy

@testable import UnderstudyCore  // DigestAuthorization and the hashes, to answer a challenge as a client would

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 7616 Digest through both transports: URLSession hands the challenge to the client, and a
/// client that answers it gets in, once per nonce count.
@Suite(.timeLimit(.minutes(1))) struct DigestChallengeTests {
    static func stubs(_ host: some StubHost) {
        host.stub(.get("/vault"), .unauthorized(challenge: .digest(realm: "vault")))
        host.stub(.get("/vault").digestAuth("ada", "lovelace", realm: "vault"), .ok(body: "open"))
    }

    /// What a Digest client sends for `challenge` (MD5, qop auth), computed here the RFC's way.
    static func answer(to challenge: String, password: String = "lovelace", nc: String = "00000001") throws -> String {
        let nonce = try #require(DigestAuthorization(header: challenge)?["nonce"])
        let md5 = DigestAlgorithm.md5
        let ha1 = md5.hex("ada:vault:\(password)")
        let ha2 = md5.hex("GET:/vault")
        let response = md5.hex("\(ha1):\(nonce):\(nc):c0ffee:auth:\(ha2)")
        return
            #"Digest username="ada", realm="vault", nonce="\#(nonce)", uri="/vault", qop=auth, nc=\#(nc), cnonce="c0ffee", response="\#(response)""#
    }

    /// corelibs asks no delegate about a Digest challenge, so the 401 and its challenge reach the
    /// caller; answering it by hand gets in, and the same answer again is refused with a new one.
    @Test(arguments: StubTransport.allCases)
    func theAnsweredChallengeOpensOncePerNonceCount(_ transport: StubTransport) async throws {
        guard transport == .inProcess || ChallengeTruthTests.onLinux else { return }
        try await withStubs(transport) { host in
            Self.stubs(host)
            let challenged = try await host.send("/vault")
            #expect(challenged.status == 401)
            let challenge = try #require(challenged.header("WWW-Authenticate"))
            #expect(challenge.hasPrefix(#"Digest realm="vault", qop="auth", algorithm=MD5, nonce=""#))
            let answer = try Self.answer(to: challenge)
            let opened = try await host.send("/vault", headers: ["Authorization": answer])
            #expect(opened.status == 200)
            #expect(opened.text == "open")
            let replayed = try await host.send("/vault", headers: ["Authorization": answer])
            #expect(replayed.status == 401)
            #expect(replayed.header("WWW-Authenticate") != challenge)
            let next = try await host.send(
                "/vault", headers: ["Authorization": try Self.answer(to: challenge, nc: "00000002")])
            #expect(next.status == 200)
            let wrong = try await host.send(
                "/vault",
                headers: ["Authorization": try Self.answer(to: challenge, password: "babbage", nc: "00000003")])
            #expect(wrong.status == 401)
            #expect(host.requests(matching: .get("/vault").digestAuth("ada", "lovelace", realm: "vault")).count == 2)
        }
    }
}
