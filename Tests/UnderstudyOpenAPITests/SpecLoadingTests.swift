import Foundation
import Testing
import UnderstudyOpenAPI

@Suite struct SpecLoadingTests {
    @Test func loadsAYAMLSpecWithItsOperations() throws {
        let spec = try SpecFixture.spec(SpecFixture.pets)
        let names = spec.operations.map { "\($0.method) \($0.pathTemplate)" }
        #expect(names == ["GET /pets", "POST /pets", "GET /pets/{petId}", "GET /pets/mine"])
        #expect(spec.operations[2].specPointer == "/paths/~1pets~1{petId}/get")
        #expect(spec.operations[1].documentedStatuses == ["201", "409"])
    }

    @Test func loadsTheSameSpecWrittenAsJSON() throws {
        let json = """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
             "paths": {"/things/{id}": {"get": {"parameters": [{"name": "id", "in": "path", "required": true,
               "schema": {"type": "string"}}], "responses": {"200": {"description": "ok"}}}}}}
            """
        let spec = try SpecFixture.spec(json, name: "spec.json")
        #expect(spec.operations.map(\.pathTemplate) == ["/things/{id}"])
    }

    @Test func followsReferencesIntoSiblingFiles() throws {
        let fixture = try SpecFixture()
        defer { fixture.remove() }
        try fixture.write(
            "schemas.yaml",
            """
            Thing:
              type: object
              required: [id]
              properties:
                id: { type: integer }
                parts: { type: array, items: { $ref: "#/Thing" } }
            """)
        let main = try fixture.write(
            "main.yaml",
            """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /things:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: "schemas.yaml#/Thing" }
            """)
        let contract = try OpenAPIContract.load([main])
        let operation = try #require(contract.operation(method: "GET", path: "/things"))
        let bad = contract.checkResponse(
            .init(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"id":1,"parts":[{"id":"x"}]}"#.utf8)),
            operation: operation.1)
        #expect(bad.map(\.pointer) == ["/parts/0/id"])
    }

    @Test func aYAMLErrorNamesTheFileAndLine() throws {
        let error = try #require(throws: OpenAPISpecError.self) {
            try SpecFixture.spec("openapi: 3.0.0\ninfo:\n  title: [unclosed\n")
        }
        #expect(error.file.hasSuffix("openapi.yaml"))
        #expect(error.line != nil)
        #expect(error.reason.contains("YAML"))
    }

    @Test func aDanglingReferenceNamesItsLine() throws {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: "1" }
            paths:
              /a:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/Missing" }
            """
        let error = try #require(throws: OpenAPISpecError.self) { try SpecFixture.spec(text) }
        #expect(error.line == 11)
        #expect(error.reason.contains("#/components/schemas/Missing"))
    }

    @Test func aStructuralProblemIsNamedByOpenAPIKit() throws {
        // `responses` must be an object of responses; a string is not.
        let text = """
            openapi: 3.0.0
            info: { title: T, version: "1" }
            paths:
              /a:
                get:
                  responses: nonsense
            """
        let error = try #require(throws: OpenAPISpecError.self) { try SpecFixture.spec(text) }
        #expect(error.pointer?.hasPrefix("/paths") == true)
        #expect(error.line != nil)
    }

    @Test func aSchemaThatDoesNotCompileIsNamed() throws {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /a:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { type: string, pattern: "([" }
            """
        let error = try #require(throws: OpenAPISpecError.self) { try SpecFixture.spec(text) }
        #expect(error.reason.contains("does not compile"))
        #expect(error.line == 11)
    }

    @Test func anUnsupportedVersionIsRefused() throws {
        let error = try #require(throws: OpenAPISpecError.self) {
            try SpecFixture.spec("swagger: \"2.0\"\ninfo: { title: T, version: \"1\" }\npaths: {}\n")
        }
        #expect(error.reason.contains("openapi"))
    }

    @Test func aMissingFileIsNamed() throws {
        let error = try #require(throws: OpenAPISpecError.self) {
            try OpenAPISpec.load(URL(fileURLWithPath: "/nonexistent/spec.yaml"))
        }
        #expect(error.file == "/nonexistent/spec.yaml")
    }
}
