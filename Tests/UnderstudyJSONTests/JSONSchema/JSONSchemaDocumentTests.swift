import Testing
import UnderstudyJSON

/// Schemas compiled at places inside a larger document (as an OpenAPI spec holds them), and
/// `format` asserted on request.
@Suite struct JSONSchemaDocumentTests {
    let document: JSONValue = [
        "components": [
            "schemas": [
                "Node": [
                    "type": "object", "required": ["id"],
                    "properties": ["id": ["type": "integer"], "next": ["$ref": "#/components/schemas/Node"]]
                ]
            ]
        ],
        "paths": [
            "a": ["schema": ["$ref": "#/components/schemas/Node"]],
            "b": ["schema": ["type": "string", "format": "date"]]
        ]
    ]

    @Test func schemasInsideADocumentResolveItsReferences() throws {
        let validators = try JSONSchemaValidator.compile(
            [["paths", "a", "schema"], ["paths", "b", "schema"]], in: document)
        #expect(validators.count == 2)
        #expect(validators[0].isValid(["id": 1, "next": ["id": 2]]))
        #expect(validators[0].validate(["id": 1, "next": ["id": "x"]]).map(\.instancePointer) == ["/next/id"])
        // Without asserting formats, a format is an annotation only.
        #expect(validators[1].isValid("not a date"))
    }

    @Test func formatsFailWhenAsserted() throws {
        let validators = try JSONSchemaValidator.compile(
            [["paths", "b", "schema"]], in: document, assertingFormats: true)
        #expect(validators[0].isValid("2024-02-29"))
        #expect(validators[0].validate("2024-13-01").map(\.keyword) == ["format"])
    }

    @Test(arguments: [
        ("date-time", "2024-01-01T10:00:00Z", true), ("date-time", "2024-01-01 10:00", false),
        ("uuid", "6f1c7f4e-2b1a-4c3d-9e8f-0a1b2c3d4e5f", true), ("uuid", "6f1c7f4e", false),
        ("ipv4", "192.0.2.1", true), ("ipv4", "192.0.2.256", false), ("email", "a@b.c", true), ("email", "ab.c", false)
    ])
    func stringFormats(_ format: String, _ value: String, _ valid: Bool) throws {
        let schema: JSONValue = ["type": "string", "format": .string(format)]
        let validator = try JSONSchemaValidator.compile([[]], in: schema, assertingFormats: true)[0]
        #expect(validator.isValid(.string(value)) == valid)
    }

    @Test func int32IsARange() throws {
        let schema: JSONValue = ["type": "integer", "format": "int32"]
        let validator = try JSONSchemaValidator.compile([[]], in: schema, assertingFormats: true)[0]
        #expect(validator.isValid(2_147_483_647))
        #expect(!validator.isValid(2_147_483_648))
    }

    @Test func int64RefusesWhatInt64CannotHold() throws {
        let schema: JSONValue = ["type": "integer", "format": "int64"]
        let validator = try JSONSchemaValidator.compile([[]], in: schema, assertingFormats: true)[0]
        #expect(validator.isValid(.number(JSONNumber(literal: "9223372036854775807"))))
        #expect(!validator.isValid(.number(JSONNumber(literal: "9223372036854775808"))))
        #expect(!validator.isValid(.number(JSONNumber(literal: "-9223372036854775809"))))
    }

    @Test func aLocationThatHoldsNoSchemaIsAnError() {
        #expect(throws: JSONSchemaError.self) {
            _ = try JSONSchemaValidator.compile([["paths", "missing"]], in: document)
        }
    }
}
