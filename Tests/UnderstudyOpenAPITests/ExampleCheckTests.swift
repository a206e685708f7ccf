import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

/// Issue 29: a spec's own example that breaks its schema is reported at load, with its pointer,
/// and answers pass it over for one that conforms.
@Suite struct ExampleCheckTests {
    static let spec = """
        openapi: "3.0.3"
        info: { title: Examples, version: "1" }
        paths:
          /thing:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: { type: object, required: [id], properties: { id: { type: integer } } }
                      examples:
                        good: { value: { id: 1 } }
                        bad: { value: { id: "one" } }
            post:
              requestBody:
                content:
                  application/json:
                    schema: { type: object, required: [name], properties: { name: { type: string } } }
                    example: { title: "no name" }
              responses: { "204": { description: ok } }
        """

    @Test func badExamplesAreWarnedAboutWithTheirPointer() throws {
        let spec = try SpecFixture.spec(Self.spec)
        #expect(
            spec.warnings.map(\.pointer) == [
                "/paths/~1thing/get/responses/200/content/application~1json/examples/bad/value",
                "/paths/~1thing/post/requestBody/content/application~1json/example"
            ])
        #expect(spec.warnings.first?.reason.contains("at /id (type:") == true)
    }

    @Test func aBadFirstExampleIsPassedOver() throws {
        let text = Self.spec.replacingOccurrences(
            of: "good: { value: { id: 1 } }\n                bad: { value: { id: \"one\" } }",
            with: "bad: { value: { id: \"one\" } }\n                good: { value: { id: 1 } }")
        #expect(text != Self.spec)
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(text)])
        let (_, id) = try #require(contract.operation(method: "GET", path: "/thing"))
        let answer = contract.answer(LoggedRequest(method: "GET", url: "/thing"), operation: id)
        #expect(try JSONParser.parse(answer.body)["id"] != "one")
        let response = LoggedResponse(status: answer.status, headers: answer.headers, body: answer.body)
        #expect(contract.checkResponse(response, operation: id).isEmpty)
    }
}
