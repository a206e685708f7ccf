import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// RFC 7616 Digest: the hashes against published vectors, the answer a stub accepts, and the
/// nonce rules (issued here, each count once).
@Suite struct DigestAuthTests {
    static let rfcNonce = "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v"
    static let rfcCnonce = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"

    /// An `Authorization: Digest` header as RFC 7616 §3.4.1 builds it.
    static func answer(
        user: String = "Mufasa", password: String = "Circle of Life", realm: String = "http-auth@example.org",
        nonce: String, method: String = "GET", uri: String = "/dir/index.html", nc: String = "00000001",
        cnonce: String = rfcCnonce, algorithm: DigestAlgorithm = .md5, qop: String = "auth", body: String = ""
    ) -> String {
        var ha1 = algorithm.hex("\(user):\(realm):\(password)")
        if algorithm.isSession { ha1 = algorithm.hex("\(ha1):\(nonce):\(cnonce)") }
        let ha2 = algorithm.hex(qop == "auth-int" ? "\(method):\(uri):\(algorithm.hex(body))" : "\(method):\(uri)")
        let response = algorithm.hex("\(ha1):\(nonce):\(nc):\(cnonce):\(qop):\(ha2)")
        return
            #"Digest username="\#(user)", realm="\#(realm)", uri="\#(uri)", algorithm=\#(algorithm.rawValue), nonce="\#(nonce)", nc=\#(nc), cnonce="\#(cnonce)", qop=\#(qop), response="\#(response)""#
    }

    static let stubJSON = #"""
        {"request": {"method": "GET", "url": "/dir/index.html",
                     "digestAuthCredentials": {"username": "Mufasa", "password": "Circle of Life", "realm": "http-auth@example.org"}},
         "response": {"status": 200, "body": "in"}}
        """#

    @Test func md5MatchesRFC1321sTestSuite() {
        let vectors = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"), ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"), ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
            (
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f"
            ),
            (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a")
        ]
        for (text, expected) in vectors { #expect(DigestAlgorithm.md5.hex(text) == expected, "\(text)") }
    }

    @Test func theAnswerIsRFC7616sOwnExampleForMD5AndSHA256() {
        // RFC 7616 §3.9.1: the responses the RFC prints for its example.
        #expect(Self.answer(nonce: Self.rfcNonce).contains(#"response="8ca523f5e9506fed4657c9700eebdbec""#))
        #expect(
            Self.answer(nonce: Self.rfcNonce, algorithm: .sha256).contains(
                #"response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1""#))
    }

    @Test func aCorrectAnswerToAnIssuedNonceMatches() throws {
        let book = DigestNonceBook()
        book.remember(Self.rfcNonce)
        let credentials = DigestCredentials(
            username: "Mufasa", password: "Circle of Life", realm: "http-auth@example.org")
        for algorithm in DigestAlgorithm.allCases {
            for qop in ["auth", "auth-int"] {
                let answer = Self.answer(nonce: Self.rfcNonce, algorithm: algorithm, qop: qop)
                let verdict = credentials.verdict(
                    request("GET", "/dir/index.html", headers: [("Authorization", answer)]), nonces: book)
                #expect(verdict == .valid(nonce: Self.rfcNonce, count: 1), "\(algorithm) \(qop)")
            }
        }
    }

    @Test func wrongPasswordsUsersRealmsURIsAndUnknownNoncesAreRefused() {
        let book = DigestNonceBook()
        book.remember(Self.rfcNonce)
        let credentials = DigestCredentials(
            username: "Mufasa", password: "Circle of Life", realm: "http-auth@example.org")
        func verdict(_ answer: String, _ url: String = "/dir/index.html") -> DigestVerdict {
            credentials.verdict(request("GET", url, headers: [("Authorization", answer)]), nonces: book)
        }
        let cases: [(String, String, String)] = [
            (Self.answer(password: "Circle of Death", nonce: Self.rfcNonce), "/dir/index.html", "response is wrong"),
            (Self.answer(user: "Scar", nonce: Self.rfcNonce), "/dir/index.html", "username"),
            (Self.answer(realm: "other", nonce: Self.rfcNonce), "/dir/index.html", "realm"),
            (Self.answer(nonce: Self.rfcNonce), "/dir/other.html", "uri"),
            (Self.answer(nonce: "never-issued"), "/dir/index.html", "not issued"),
            (Self.answer(nonce: Self.rfcNonce, nc: "00000000"), "/dir/index.html", "nc"),
            ("Basic TXVmYXNhOkNpcmNsZSBvZiBMaWZl", "/dir/index.html", "no Digest")
        ]
        for (answer, url, reason) in cases {
            guard case .refused(let why) = verdict(answer, url) else {
                Issue.record("accepted: \(answer) for \(url)")
                continue
            }
            #expect(why.contains(reason), "\(why)")
        }
    }

    @Test func eachNonceCountIsServedOnceAndAReplayIsRefused() throws {
        let engine = StubEngine(store: try store([try stub(Self.stubJSON)]))
        let nonce = DigestNonceBook.shared.issue()
        let first = request("GET", "/dir/index.html", headers: [("Authorization", Self.answer(nonce: nonce))])
        #expect(engine.served(first).status == 200)
        let replay = request("GET", "/dir/index.html", headers: [("Authorization", Self.answer(nonce: nonce))])
        let refused = engine.served(replay)
        #expect(refused.status == 404)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("nonce count 1 replayed"))
        let next = request(
            "GET", "/dir/index.html", headers: [("Authorization", Self.answer(nonce: nonce, nc: "00000002"))])
        #expect(engine.served(next).status == 200)
        // Matching again later (verify, journal search) still counts the request that used the count.
        let pattern = try stub(Self.stubJSON).request
        #expect(pattern.matches(MatchContext(request: first)))
        #expect(!pattern.matches(MatchContext(request: replay)))
    }

    @Test func aChallengeStubSendsAFreshNonceEachTimeThatTheClientCanAnswer() throws {
        let challenge = #"""
            {"request": {"method": "GET", "url": "/dir/index.html"}, "priority": 10,
             "response": {"status": 401, "digestChallenge": {"realm": "http-auth@example.org", "algorithms": ["SHA-256", "MD5"]}}}
            """#
        let engine = StubEngine(store: try store([try stub(challenge), try stub(Self.stubJSON)]))
        let first = engine.served(request("GET", "/dir/index.html"))
        let second = engine.served(request("GET", "/dir/index.html"))
        #expect(first.status == 401)
        let headers = first.headers.values("WWW-Authenticate")
        #expect(headers.count == 2)
        #expect(headers[0].hasPrefix(#"Digest realm="http-auth@example.org", qop="auth", algorithm=SHA-256, nonce=""#))
        #expect(headers[1].contains("algorithm=MD5"))
        let nonce = try #require(DigestAuthorization(header: headers[0])?["nonce"])
        #expect(second.headers.values("WWW-Authenticate")[0] != headers[0])
        let answered = engine.served(
            request(
                "GET", "/dir/index.html",
                headers: [("Authorization", Self.answer(nonce: nonce, algorithm: .sha256))]))
        #expect(answered.status == 200)
    }

    @Test func theJSONFormsGoBackUnchangedAndMistakesAreNamedAtTheirPointer() throws {
        let json = #"""
            {"id": "7c5c8e5e-8d53-4b6b-9d7f-6a1f3c2b9e10",
             "request": {"method": "GET", "url": "/a", "digestAuthCredentials": {"username": "u", "password": "p", "realm": "r"}},
             "response": {"status": 401, "digestChallenge": {"realm": "r", "algorithms": ["SHA-256-sess"], "qop": ["auth", "auth-int"], "opaque": "o"}}}
            """#
        let mapping = try stub(json)
        #expect(try StubMapping(json: mapping.json) == mapping)
        #expect(mapping.request.digestAuthCredentials == DigestCredentials(username: "u", password: "p", realm: "r"))
        #expect(mapping.response.digestChallenge?.algorithms == [.sha256Session])
        let mistakes: [(String, String)] = [
            (
                #"{"request":{"digestAuthCredentials":{"username":"u"}},"response":{}}"#,
                "/request/digestAuthCredentials"
            ),
            (
                #"{"request":{"digestAuthCredentials":{"username":"u","password":"p","algorithm":"MD5"}},"response":{}}"#,
                "/request/digestAuthCredentials"
            ),
            (
                #"{"request":{},"response":{"digestChallenge":{"realm":"r","algorithms":["SHA-1"]}}}"#,
                "/response/digestChallenge/algorithms/0"
            ),
            (
                #"{"request":{},"response":{"digestChallenge":{"realm":"r","qop":["auth-conf"]}}}"#,
                "/response/digestChallenge/qop/0"
            ),
            (#"{"request":{},"response":{"digestChallenge":{}}}"#, "/response/digestChallenge")
        ]
        for (text, pointer) in mistakes {
            #expect {
                _ = try stub(text)
            } throws: { error in
                String(describing: error).contains(pointer)
            }
        }
    }

    @Test func aRefusedAnswerSaysWhyInTheNearMiss() throws {
        let engine = StubEngine(store: try store([try stub(Self.stubJSON)]))
        let nonce = DigestNonceBook.shared.issue()
        let served = engine.served(
            request(
                "GET", "/dir/index.html",
                headers: [("Authorization", Self.answer(password: "wrong", nonce: nonce))]))
        #expect(served.status == 404)
        let report = String(decoding: served.body, as: UTF8.self)
        #expect(report.contains("Authorization: Digest Mufasa"))
        #expect(report.contains("Digest response is wrong"))
    }

    @Test func theBookForgetsTheOldestNonceAndTheLowestCountsBeyondItsLimits() {
        let book = DigestNonceBook(nonceLimit: 2, countLimit: 2)
        let first = book.issue()
        _ = book.issue()
        _ = book.issue()
        #expect(book.refusal(nonce: first, count: 1, by: UUID()) != nil)
        let nonce = book.issue()
        for count in 1...3 { #expect(book.consume(nonce, count: UInt64(count), by: UUID())) }
        // Count 1 was forgotten, so it is refused as a replay rather than accepted again.
        #expect(!book.consume(nonce, count: 1, by: UUID()))
        #expect(book.consume(nonce, count: 4, by: UUID()))
    }
}
