import Testing
import UnderstudyJSON

/// Schemas that are not schemas are refused when compiled, with a message that says where.
@Suite struct JSONSchemaErrorTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let schema: String
        let version: JSONSchemaValidator.Version
        /// A fragment the error message must contain.
        let says: String
        init(_ schema: String, _ says: String, _ version: JSONSchemaValidator.Version = .v202012) {
            self.schema = schema
            self.says = says
            self.version = version
        }
        var testDescription: String { "\(version.rawValue) \(schema)" }
    }

    static let rows: [Row] = [
        Row("1", "must be an object or a boolean"),
        Row(#""{}""#, "must be an object or a boolean"),
        Row("[]", "must be an object or a boolean"),
        Row("true", "boolean schemas need draft 6", .v4),
        Row(#"{"properties":{"a":true}}"#, "at #/properties/a: boolean schemas", .v4),
        Row(#"{"pattern":"[a-"}"#, "at #/pattern"),
        Row(#"{"pattern":"(unclosed"}"#, "not a valid regular expression"),
        Row(#"{"patternProperties":{"[":{}}}"#, "at #/patternProperties/["),
        Row(#"{"pattern":5}"#, "must be a string"),
        Row(##"{"$ref":"#/definitions/missing"}"##, "points to nothing"),
        Row(##"{"$ref":"#nowhere"}"##, "anchor"),
        Row(#"{"$ref":"http://example.com/other.json"}"#, "cannot be resolved"),
        Row(#"{"items":{"$ref":"other.json#/a"}}"#, "at #/items/$ref"),
        Row(#"{"$ref":5}"#, "must be a string"),
        Row(#"{"type":"text"}"#, "unknown type"),
        Row(#"{"type":["string",1]}"#, "unknown type"),
        Row(#"{"type":{}}"#, "\"type\" must be a string or an array"),
        Row(#"{"minLength":-1}"#, "non-negative integer"),
        Row(#"{"maxItems":1.5}"#, "non-negative integer"),
        Row(#"{"minProperties":"1"}"#, "non-negative integer"),
        Row(#"{"minimum":"0"}"#, "must be a number"),
        Row(#"{"multipleOf":0}"#, "greater than 0"),
        Row(#"{"multipleOf":-2}"#, "greater than 0"),
        Row(#"{"required":"a"}"#, "array of strings"),
        Row(#"{"required":[1]}"#, "array of strings"),
        Row(#"{"enum":1}"#, "\"enum\" must be an array"),
        Row(#"{"properties":[]}"#, "\"properties\" must be an object"),
        Row(#"{"properties":{"a":1}}"#, "at #/properties/a"),
        Row(#"{"allOf":[]}"#, "non-empty array"),
        Row(#"{"anyOf":{}}"#, "non-empty array"),
        Row(#"{"oneOf":[1]}"#, "at #/oneOf/0"),
        Row(#"{"not":"x"}"#, "at #/not"),
        Row(#"{"uniqueItems":"yes"}"#, "must be a boolean"),
        Row(#"{"dependentRequired":{"a":"b"}}"#, "array of strings"),
        // Draft-specific argument forms.
        Row(#"{"exclusiveMaximum":true}"#, "must be a number in schemaVersion V202012"),
        Row(#"{"exclusiveMinimum":false}"#, "must be a number in schemaVersion V6", .v6),
        Row(#"{"maximum":3,"exclusiveMaximum":3}"#, "must be a boolean in schemaVersion V4", .v4),
        Row(#"{"items":[{"type":"string"}]}"#, "use \"prefixItems\""),
        Row(#"{"items":true}"#, "boolean schemas", .v4)
    ]

    @Test(arguments: rows) func refused(_ row: Row) throws {
        let schema = try JSONParser.parse(row.schema)
        do {
            _ = try JSONSchemaValidator(schema: schema, version: row.version)
            Issue.record("expected a JSONSchemaError")
        } catch let error as JSONSchemaError {
            #expect(error.message.contains(row.says), "\(error.message)")
            #expect(error.description == error.message)
        }
    }

    @Test(arguments: [
        (#"{"items":[{"type":"string"}]}"#, JSONSchemaValidator.Version.v201909),
        (#"{"exclusiveMaximum":3}"#, .v6),
        (#"{"maximum":3,"exclusiveMaximum":true}"#, .v4),
        (#"{"minLength":2.0,"format":"no-such-format","x-extension":[1,{"type":7}]}"#, .v202012),
        (#"{"additionalItems":false,"items":[{}]}"#, .v4)
    ])
    func acceptedInTheirDraft(_ schema: String, _ version: JSONSchemaValidator.Version) throws {
        _ = try JSONSchemaValidator(schema: JSONParser.parse(schema), version: version)
    }
}
