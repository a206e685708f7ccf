import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore
@testable import UnderstudyTemplating

/// `jwt` (HS256 here; RS256 is in UnderstudyJWTTests) and `parseJwt`.
@Suite struct JWTHelperTests {
    /// The token jwt.io shows by default, signed with HS256 and the secret `your-256-bit-secret`.
    static let jwtIOToken =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

    @Test func sha256AndHMACMatchTheirTestVectors() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA256Probe.hash("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256Probe.hash("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // RFC 4231, test case 2.
        #expect(
            hex(SHA256Probe.hmac(key: "Jefe", "what do ya want for nothing?"))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func parseJwtReadsHeaderAndPayload() throws {
        let request = LoggedRequest(
            method: "GET", url: "/",
            headers: HeaderFields([.init(name: "Authorization", value: "Bearer \(Self.jwtIOToken)")]))
        #expect(
            try render("{{lookup (parseJwt request.headers.Authorization) 'payload'}}", request)
                == #"{"sub":"1234567890","name":"John Doe","iat":1516239022}"#)
        #expect(
            try render(
                "{{parseJwt request.headers.Authorization 'token'}}{{token.header.alg}} {{token.payload.name}}", request
            ) == "HS256 John Doe")
        #expect(try render("{{parseJwt 'not.a.jwt'}}") == "[ERROR: parseJwt: 'not.a.jwt' is not a valid JWT]")
    }

    @Test func parseJwtVerifiesAnHS256SignatureWhenGivenTheSecret() throws {
        let context: JSONValue = ["t": .string(Self.jwtIOToken)]
        #expect(
            try render("{{#with (parseJwt t secret='your-256-bit-secret')}}{{payload.sub}}{{/with}}", context: context)
                == "1234567890")
        #expect(
            try render("{{parseJwt t secret='wrong'}}", context: context)
                == "[ERROR: parseJwt: the token's HS256 signature does not verify]")
    }

    @Test func jwtSignsHS256WithTheMappingsSecretAndWireMocksDefaultClaims() throws {
        let token = try render("{{jwt secret='s3cret' sub='ann' isAdmin=true quota=23 roles=(array 'admin' 'user')}}")
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let payload = try #require(
            try render("{{parseJwt t secret='s3cret'}}", context: ["t": .string(token)]).nonError)
        let json = try JSONParser.parse(payload)["payload"]
        #expect(json?["iss"] == "wiremock")
        #expect(json?["aud"] == "wiremock.io")
        #expect(json?["sub"] == "ann")
        #expect(json?["isAdmin"] == true)
        #expect(json?["quota"] == 23)
        #expect(json?["roles"] == ["admin", "user"])
        #expect(json?["iat"] == 1_700_000_000)
        #expect(json?["exp"] == .int(1_700_000_000 + 36_500 * 86_400))
        #expect(json?["secret"] == nil)
    }

    @Test func expiryAndNotBeforeCanBeSet() throws {
        let token = try render("{{jwt secret='k' maxAge='12 days' nbf=(parseDate '2018-02-23T21:22:23Z')}}")
        let payload = try JSONParser.parse(try render("{{parseJwt t}}", context: ["t": .string(token)]))["payload"]
        #expect(payload?["exp"] == .int(1_700_000_000 + 12 * 86_400))
        #expect(payload?["nbf"] == 1_519_420_943)
        let fixed = try render("{{jwt secret='k' exp=(parseDate '2040-02-23T21:22:23Z')}}")
        let fixedPayload = try JSONParser.parse(try render("{{parseJwt t}}", context: ["t": .string(fixed)]))["payload"]
        #expect(fixedPayload?["exp"] == 2_213_644_943)
    }

    @Test func missingKeysAndBadOptionsAreReported() throws {
        #expect(try render("{{jwt}}") == "[ERROR: jwt: HS256 needs a key: secret='…']")
        #expect(try render("{{jwt alg='ES256' secret='k'}}") == "[ERROR: jwt: alg must be HS256 or RS256, not 'ES256']")
        #expect(
            try render("{{jwt secret='k' maxAge='12'}}")
                == "[ERROR: maxAge must consist of two parts - amount and unit e.g. 12 days]")
        #expect(
            try render("{{jwt secret='k' maxAge='1 fortnight'}}")
                == "[ERROR: maxAge unit must be one of: seconds, minutes, hours, days]")
        #expect(
            try render("{{jwt alg='RS256' privateKey='x'}}").hasPrefix(
                "[ERROR: jwt: RS256 signing is not available here"))
    }
}

/// The templating module's own SHA-256, which HS256 signs with.
enum SHA256Probe {
    static func hash(_ text: String) -> [UInt8] { UnderstudyTemplating.SHA256.hash(Array(text.utf8)) }
    static func hmac(key: String, _ text: String) -> [UInt8] {
        UnderstudyTemplating.SHA256.hmac(key: Array(key.utf8), message: Array(text.utf8))
    }
}

extension String {
    /// Self, unless it is a helper's `[ERROR: …]`.
    var nonError: String? { hasPrefix("[ERROR") ? nil : self }
}
