import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

/// Issue 29: a refused request gets the operation's own documented refusal (400, else 422, else
/// `4XX` or `default`), with the documented body where it is not problem details.
@Suite struct RefusalStatusTests {
    static let spec = """
        openapi: "3.0.3"
        info: { title: Refusals, version: "1" }
        paths:
          /unprocessable:
            get:
              parameters: [{ name: currency, in: query, required: true, schema: { type: string } }]
              responses:
                "200": { description: ok }
                "422":
                  description: invalid
                  content:
                    application/json:
                      schema: { type: object, required: [status, errorCode], properties: { status: { type: integer, enum: [422] }, errorCode: { type: string } } }
          /undocumented:
            get:
              parameters: [{ name: currency, in: query, required: true, schema: { type: string } }]
              responses: { "200": { description: ok } }
        """

    func rejection(_ path: String) throws -> ContractAnswer? {
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(Self.spec)], mode: .enforce)
        return contract.checkRequest(LoggedRequest(method: "GET", url: path)).rejection
    }

    @Test func aDocumented422IsUsedWithItsBody() throws {
        let answer = try #require(try rejection("/unprocessable"))
        #expect(answer.status == 422)
        #expect(try JSONParser.parse(answer.body)["status"] == 422)
        #expect(answer.headers.first("Understudy-Violations")?.contains("query.currency") == true)
    }

    @Test func otherwise400WithProblemDetails() throws {
        let answer = try #require(try rejection("/undocumented"))
        #expect(answer.status == 400)
        #expect(answer.headers.first("Content-Type") == "application/problem+json")
    }
}
