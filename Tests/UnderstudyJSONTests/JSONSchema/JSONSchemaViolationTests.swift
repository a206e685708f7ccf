import Testing
import UnderstudyJSON

/// What `validate` reports: where in the instance, which keyword, and all failures at once.
@Suite struct JSONSchemaViolationTests {
    private func violations(_ schema: String, _ instance: String) throws -> [JSONSchemaViolation] {
        try JSONSchemaValidator(schema: JSONParser.parse(schema)).validate(JSONParser.parse(instance))
    }

    @Test func reportsEveryFailureWithItsPointerAndKeyword() throws {
        let found = try violations(
            #"{"required":["id","name"],"properties":{"tags":{"items":{"type":"string"}},"a/b":{"maximum":1}}}"#,
            #"{"id":1,"tags":["x",2,true],"a/b":5}"#)
        let summary = found.map { "\($0.instancePointer) \($0.keyword)" }
        #expect(summary.sorted() == [" required", "/a~1b maximum", "/tags/1 type", "/tags/2 type"])
        #expect(found.first { $0.keyword == "required" }?.message.contains("\"name\"") == true)
    }

    @Test func additionalPropertiesNamesTheIntruder() throws {
        let found = try violations(#"{"additionalProperties":false}"#, #"{"extra":1}"#)
        #expect(found.map(\.keyword) == ["additionalProperties"])
        #expect(found.first?.message.contains("\"extra\"") == true)
    }

    @Test func branchesOfAnyOfAreSummarisedNotListed() throws {
        let found = try violations(#"{"anyOf":[{"type":"string"},{"type":"null"}]}"#, "1")
        #expect(found.map(\.keyword) == ["anyOf"])
    }

    @Test func draft4ExclusiveFailureNamesTheExclusiveKeyword() throws {
        let validator = try JSONSchemaValidator(
            schema: JSONParser.parse(#"{"maximum":3,"exclusiveMaximum":true}"#), version: .v4)
        #expect(validator.validate(3).map(\.keyword) == ["exclusiveMaximum"])
        #expect(validator.validate(4).first?.description.hasPrefix("(root): exclusiveMaximum") == true)
    }

    @Test func validInstancesHaveNoViolations() throws {
        #expect(try violations(#"{"type":"object","properties":{"a":{"const":1}}}"#, #"{"a":1.0}"#).isEmpty)
    }

    @Test func equalityComparesSchemaAndVersion() throws {
        let schema = try JSONParser.parse(#"{"type":"string","minLength":1}"#)
        let reordered = try JSONParser.parse(#"{"minLength":1,"type":"string"}"#)
        #expect(try JSONSchemaValidator(schema: schema) == JSONSchemaValidator(schema: reordered))
        #expect(try JSONSchemaValidator(schema: schema) != JSONSchemaValidator(schema: schema, version: .v7))
        #expect(try JSONSchemaValidator(schema: schema).schema == schema)
    }
}
