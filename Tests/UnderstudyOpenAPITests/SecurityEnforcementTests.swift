import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

/// Issue 29: an operation's `security` is checked for presence. `enforce` refuses a request that
/// carries none of the credentials with 401 and `WWW-Authenticate` (never 403); `report` journals it.
@Suite struct SecurityEnforcementTests {
    static let spec = """
        openapi: "3.0.3"
        info: { title: Secured, version: "1" }
        security: [{ key: [] }]
        paths:
          /key:
            get: { responses: { "200": { description: ok } } }
          /basic-or-bearer:
            get:
              security: [{ basic: [] }, { oauth: [read] }]
              responses: { "200": { description: ok } }
          /query-and-cookie:
            get:
              security: [{ token: [], session: [] }]
              responses: { "200": { description: ok } }
          /public:
            get:
              security: []
              responses: { "200": { description: ok } }
          /optional:
            get:
              security: [{}, { basic: [] }]
              responses: { "200": { description: ok } }
          /refusal-only:
            get:
              security: [{ basic: [] }]
              responses:
                "200": { description: ok }
                "400": { description: bad }
          /documented:
            get:
              security: [{ bearer: [] }]
              responses:
                "200": { description: ok }
                "401":
                  description: refused
                  content:
                    application/json:
                      schema: { type: object, required: [error], properties: { error: { type: string, enum: [unauthorized] } } }
        components:
          securitySchemes:
            key: { type: apiKey, in: header, name: X-API-Key }
            token: { type: apiKey, in: query, name: api_key }
            session: { type: apiKey, in: cookie, name: sid }
            basic: { type: http, scheme: basic }
            bearer: { type: http, scheme: bearer, bearerFormat: JWT }
            oauth: { type: oauth2, flows: { implicit: { authorizationUrl: "https://auth.example/a", scopes: { read: r } } } }
        """

    func check(_ path: String, _ headers: HeaderFields = [:], mode: OpenAPIValidationMode = .enforce) throws
        -> ContractRequestCheck
    {
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(Self.spec)], mode: mode)
        return contract.checkRequest(LoggedRequest(method: "GET", url: path, headers: headers))
    }

    @Test func presentCredentialsPass() throws {
        #expect(try check("/key", ["X-API-Key": "k"]).violations.isEmpty)
        #expect(try check("/basic-or-bearer", ["Authorization": "Basic dTpw"]).violations.isEmpty)
        #expect(try check("/basic-or-bearer", ["Authorization": "bearer abc"]).violations.isEmpty)
        #expect(try check("/query-and-cookie?api_key=1", ["Cookie": "sid=2"]).violations.isEmpty)
        #expect(try check("/public").violations.isEmpty)
        #expect(try check("/optional").violations.isEmpty)
    }

    @Test func aMissingCredentialIsRefusedWith401AndAChallenge() throws {
        let refused = try check("/basic-or-bearer", ["Authorization": "Digest x"])
        #expect(refused.violations.map(\.location) == ["security"])
        let answer = try #require(refused.rejection)
        #expect(answer.status == 401)
        #expect(answer.headers.values("WWW-Authenticate") == [#"Basic realm="understudy""#, "Bearer"])
        #expect(answer.headers.first("Content-Type") == "application/problem+json")
        let detail = try JSONParser.parse(answer.body)["detail"]?.stringValue ?? ""
        #expect(detail.contains("HTTP basic credentials, or a bearer token"))
    }

    @Test func everySchemeOfARequirementIsNeeded() throws {
        let refused = try check("/query-and-cookie?api_key=1")
        #expect(refused.rejection?.status == 401)
        #expect(refused.rejection?.headers.values("WWW-Authenticate") == [])
        #expect(try check("/key", ["X-API-Key": ""]).rejection?.status == 401)
    }

    @Test func aDocumented401IsAnsweredWithItsOwnBody() throws {
        let answer = try #require(try check("/documented").rejection)
        #expect(answer.status == 401)
        #expect(answer.headers.values("WWW-Authenticate") == ["Bearer"])
        #expect(try JSONParser.parse(answer.body) == ["error": "unauthorized"])
        #expect(answer.headers.first("Understudy-Violations")?.hasPrefix("security: ") == true)
    }

    /// A spec that documents no 401 but its own 400 gets that 400: the mock keeps to the spec.
    @Test func withoutA401TheDocumentedRefusalIsUsed() throws {
        let answer = try #require(try check("/refusal-only").rejection)
        #expect(answer.status == 400)
        #expect(answer.headers.values("WWW-Authenticate") == [])
        #expect(String(decoding: answer.body, as: UTF8.self).contains("HTTP basic credentials"))
    }

    @Test func reportModeJournalsWithoutRefusing() throws {
        let reported = try check("/key", mode: .report)
        #expect(reported.violations.map(\.location) == ["security"])
        #expect(reported.rejection == nil)
    }
}
