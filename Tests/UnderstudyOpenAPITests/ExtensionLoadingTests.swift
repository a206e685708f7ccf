import Foundation
import Testing
import UnderstudyOpenAPI

/// Issue 29: extensions are not part of the contract and never stop a load. A `$ref` in an `x-`
/// extension that cannot be loaded (a Markdown file that is not there) is a warning naming its
/// file, line and pointer; the same `$ref` where an operation needs it still fails.
@Suite struct ExtensionLoadingTests {
    static let spec = """
        openapi: "3.0.3"
        info: { title: Docs, version: "1", x-logo: { $ref: "./missing-logo.md" } }
        paths:
          /v:
            get:
              x-code-samples: { $ref: "./samples/missing.md" }
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: { $ref: "./schemas.yaml#/Thing" }
        x-tagGroups: [{ name: all, tags: [things] }]
        """

    @Test func aMissingFileReferencedFromAnExtensionIsAWarning() throws {
        let fixture = try SpecFixture()
        defer { fixture.remove() }
        try fixture.write("schemas.yaml", "Thing: { type: object, properties: { id: { type: integer } } }")
        let spec = try OpenAPISpec.load(try fixture.write("openapi.yaml", Self.spec))
        #expect(spec.operations.map(\.pathTemplate) == ["/v"])
        #expect(spec.warnings.map(\.pointer) == ["/info/x-logo/$ref", "/paths/~1v/get/x-code-samples/$ref"])
        #expect(spec.warnings.first?.line == 2)
        #expect(spec.warnings.first?.reason.contains("x-logo, which is not part of the contract") == true)
    }

    @Test func theSameReferenceWhereAnOperationNeedsItFails() throws {
        let fixture = try SpecFixture()
        defer { fixture.remove() }
        do {
            _ = try OpenAPISpec.load(try fixture.write("openapi.yaml", Self.spec))
            Issue.record("expected the missing schemas.yaml to stop the load")
        } catch {
            #expect(
                (error as? OpenAPISpecError)?.pointer
                    == "/paths/~1v/get/responses/200/content/application~1json/schema/$ref")
        }
    }

    /// 3.1's numeric `exclusiveMinimum` inside a `oneOf` loads and checks (a 3 MB real description
    /// stopped on one).
    @Test func numericExclusiveBoundsInsideOneOfLoad() throws {
        let spec = try SpecFixture.spec(
            """
            openapi: "3.1.0"
            info: { title: Bounds, version: "1" }
            paths:
              /v:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema:
                          oneOf: [{ type: number, exclusiveMinimum: 0, maximum: 2 }, { type: string }]
                  responses: { "204": { description: ok } }
            """)
        #expect(spec.operations.count == 1)
        #expect(spec.warnings.isEmpty)
    }
}
