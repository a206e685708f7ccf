import Foundation
import Testing

@testable import UnderstudyOpenAPI

/// Issue 29: a schema no value can satisfy is reported at load with the JSON pointer of the
/// contradiction; schemas that something satisfies are never reported.
@Suite struct UnsatisfiableSchemaTests {
    /// The warnings a 3.0 or 3.1 spec answering `schema` (YAML, one line) from GET /x gets at load.
    func warnings(_ schema: String, version: String = "3.0.3", components: String = "") throws -> [OpenAPISpecError] {
        let spec = try SpecFixture.spec(
            """
            openapi: "\(version)"
            info: { title: T, version: "1" }
            paths:
              /x:
                get:
                  responses:
                    "200":
                      description: ok
                      content: { application/json: { schema: \(schema) } }
            \(components)
            """)
        return spec.warnings
    }

    static let here = "/paths/~1x/get/responses/200/content/application~1json/schema"

    @Test(arguments: [
        (#"{ type: string, minLength: 5, maxLength: 2 }"#, "minLength 5"),
        (#"{ type: integer, minimum: 10, maximum: 3 }"#, "no number lies in [10, 3]"),
        (#"{ type: number, minimum: 3, maximum: 3, exclusiveMaximum: true }"#, "[3, 3)"),
        (
            #"{ type: integer, minimum: 1, exclusiveMinimum: true, maximum: 2, exclusiveMaximum: true }"#,
            "no integer lies"
        ),
        (#"{ type: integer, minimum: 1, maximum: 4, multipleOf: 5 }"#, "no multiple of 5"),
        (#"{ type: array, minItems: 3, maxItems: 1 }"#, "minItems 3"),
        (#"{ type: object, minProperties: 2, maxProperties: 1 }"#, "minProperties 2"),
        (#"{ type: object, maxProperties: 1, required: [a, b] }"#, "2 required properties"),
        (#"{ type: object, required: [a], properties: { b: {} }, additionalProperties: false }"#, #""a""#),
        (#"{ type: string, enum: [] }"#, "its enum is empty"),
        (#"{ not: {} }"#, "not admits every value"),
        (#"{ allOf: [{ type: string }, { type: integer }] }"#, "none in common")
    ])
    func aContradictionIsReportedWhereItIs(schema: String, reason: String) throws {
        let found = try warnings(schema)
        #expect(found.map(\.pointer) == [Self.here], "\(found)")
        #expect(found.first?.reason.contains(reason) == true, "\(found.first?.reason ?? "")")
        #expect(found.first?.reason.contains("the mock cannot answer 200 application/json to GET /x") == true)
    }

    @Test func theNumericFormsOf31AreRead() throws {
        let found = try warnings(#"{ type: number, exclusiveMinimum: 5, maximum: 5 }"#, version: "3.1.0")
        #expect(found.first?.reason.contains("(5, 5]") == true, "\(found)")
        #expect(try warnings(#"{ type: number, exclusiveMinimum: 5, maximum: 6 }"#, version: "3.1.0").isEmpty)
        let either = #"{ type: [string, "null"], minLength: 5, maxLength: 2 }"#
        #expect(try warnings(either, version: "3.1.0").isEmpty)
        let neither = #"{ type: [string, integer], minLength: 5, maxLength: 2, minimum: 3, maximum: 1 }"#
        #expect(try warnings(neither, version: "3.1.0").first?.reason.contains("; no number lies in [3, 1]") == true)
    }

    /// The pointer is the contradiction's own place: inside a component, through a required
    /// property, where the author has to fix it.
    @Test func aContradictionBehindARefAndARequiredPropertyIsPointedAt() throws {
        let components = """
            components:
              schemas:
                Order: { type: object, required: [total], properties: { total: { $ref: "#/components/schemas/Money" } } }
                Money: { type: integer, minimum: 1, maximum: 0 }
            """
        let found = try warnings(##"{ $ref: "#/components/schemas/Order" }"##, components: components)
        #expect(found.map(\.pointer) == ["/components/schemas/Money"], "\(found)")
        #expect(found.first?.line != nil)
    }

    @Test func everyBranchOfAOneOfMustFailForTheSchemaToFail() throws {
        #expect(try warnings(#"{ oneOf: [{ type: string, maxLength: 0, minLength: 1 }, { type: integer }] }"#).isEmpty)
        let found = try warnings(#"{ anyOf: [{ type: string, maxLength: 0, minLength: 1 }, { enum: [] }] }"#)
        #expect(found.map(\.pointer) == [Self.here + "/anyOf/0"])
        #expect(found.first?.reason.contains("every other anyOf branch") == true)
    }

    /// What only looks like a contradiction: another type still fits, a property that is not
    /// required, an empty array, a recursive schema, nullable.
    @Test(arguments: [
        #"{ minLength: 5, maxLength: 2 }"#,
        #"{ type: object, properties: { a: { type: string, minLength: 2, maxLength: 1 } } }"#,
        #"{ type: array, items: { not: {} } }"#,
        #"{ type: integer, minimum: 1, maximum: 1 }"#,
        #"{ type: number, minimum: 0, maximum: 10, multipleOf: 2.5 }"#,
        #"{ type: number, enum: [1, 2.5] }"#,
        ##"{ type: object, required: [child], properties: { child: { $ref: "#/paths/~1x/get/responses/200/content/application~1json/schema" } } }"##
    ])
    func satisfiableSchemasAreNotReported(schema: String) throws {
        #expect(try warnings(schema).isEmpty)
    }

    @Test func nullableCanAlwaysBeNull() throws {
        #expect(try warnings(#"{ type: string, nullable: true, minLength: 3, maxLength: 1 }"#).isEmpty)
    }

    /// The real descriptions the suite has carry no contradiction this check reports.
    @Test func theRealDescriptionsHaveNone() throws {
        for url in GeneratedAnswerConformanceTests.specFiles {
            let spec = try OpenAPISpec.load(url)
            let found = spec.warnings.filter { $0.reason.hasPrefix("no value can satisfy") }
            #expect(found.isEmpty, "\(url.lastPathComponent): \(found.prefix(3))")
        }
    }
}
