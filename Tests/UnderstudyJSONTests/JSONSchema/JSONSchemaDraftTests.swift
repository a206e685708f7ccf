import Testing
import UnderstudyJSON

/// Where the drafts disagree, each draft's own rule applies.
@Suite struct JSONSchemaDraftTests {
    static let cases: [JSONSchemaTestCase] = [
        // Draft 4: exclusiveMaximum/exclusiveMinimum are booleans that modify maximum/minimum.
        .init(##"{"maximum":10,"exclusiveMaximum":true}"##, "10", false, .v4),
        .init(##"{"maximum":10,"exclusiveMaximum":true}"##, "9.9", true, .v4),
        .init(##"{"maximum":10,"exclusiveMaximum":false}"##, "10", true, .v4),
        .init(##"{"minimum":1,"exclusiveMinimum":true}"##, "1", false, .v4),
        .init(##"{"minimum":1}"##, "1", true, .v4),
        // Draft 6 on: they are numbers of their own.
        .init(##"{"exclusiveMaximum":10}"##, "10", false, .v6),
        .init(##"{"exclusiveMaximum":10}"##, "9", true, .v7),
        .init(##"{"exclusiveMinimum":1,"maximum":3}"##, "3", true, .v201909),
        // Tuple items before 2020-12, with additionalItems for the rest.
        .init(##"{"items":[{"type":"string"},{"type":"integer"}]}"##, ##"["a",1,{}]"##, true, .v7),
        .init(##"{"items":[{"type":"string"},{"type":"integer"}]}"##, ##"[1,"a"]"##, false, .v4),
        .init(##"{"items":[{"type":"string"}],"additionalItems":false}"##, ##"["a","b"]"##, false, .v201909),
        .init(##"{"items":[{"type":"string"}],"additionalItems":false}"##, ##"["a"]"##, true, .v4),
        .init(##"{"items":[{"type":"string"}],"additionalItems":{"type":"integer"}}"##, ##"["a",2,"c"]"##, false, .v6),
        // additionalItems is ignored when items is a schema.
        .init(##"{"items":{"type":"string"},"additionalItems":false}"##, ##"["a","b"]"##, true, .v7),
        // prefixItems is 2020-12 only; earlier drafts ignore it as an unknown keyword.
        .init(##"{"prefixItems":[{"type":"string"}]}"##, "[1]", false, .v202012),
        .init(##"{"prefixItems":[{"type":"string"}]}"##, "[1]", true, .v201909),
        // const, contains, propertyNames arrive in draft 6; if/then/else in draft 7.
        .init(##"{"const":1}"##, "2", true, .v4),
        .init(##"{"const":1}"##, "2", false, .v6),
        .init(##"{"contains":{"const":1}}"##, "[2]", true, .v4),
        .init(##"{"contains":{"const":1}}"##, "[2]", false, .v6),
        .init(##"{"propertyNames":{"maxLength":1}}"##, ##"{"ab":1}"##, true, .v4),
        .init(##"{"propertyNames":{"maxLength":1}}"##, ##"{"ab":1}"##, false, .v6),
        .init(##"{"if":{"type":"string"},"then":{"minLength":2}}"##, ##""a""##, true, .v6),
        .init(##"{"if":{"type":"string"},"then":{"minLength":2}}"##, ##""a""##, false, .v7),
        // minContains/maxContains and dependentRequired/dependentSchemas arrive in 2019-09.
        .init(##"{"contains":{"const":1},"maxContains":1}"##, "[1,1]", true, .v7),
        .init(##"{"contains":{"const":1},"maxContains":1}"##, "[1,1]", false, .v201909),
        .init(##"{"dependentRequired":{"a":["b"]}}"##, ##"{"a":1}"##, true, .v7),
        .init(##"{"dependentRequired":{"a":["b"]}}"##, ##"{"a":1}"##, false, .v201909),
        // dependencies (draft 4-7), both forms; also honoured later for compatibility.
        .init(##"{"dependencies":{"a":["b"]}}"##, ##"{"a":1}"##, false, .v4),
        .init(##"{"dependencies":{"a":["b"]}}"##, ##"{"a":1,"b":2}"##, true, .v4),
        .init(##"{"dependencies":{"a":{"properties":{"b":{"type":"string"}}}}}"##, ##"{"a":1,"b":2}"##, false, .v7),
        .init(##"{"dependencies":{"a":{"properties":{"b":{"type":"string"}}}}}"##, ##"{"b":2}"##, true, .v7),
        .init(##"{"dependencies":{"a":["b"]}}"##, ##"{"a":1}"##, false, .v202012),
        // Draft 4 additionalProperties/additionalItems take booleans even though schemas cannot be.
        .init(##"{"properties":{"a":{}},"additionalProperties":false}"##, ##"{"b":1}"##, false, .v4),
        // Boolean schemas from draft 6 on.
        .init(##"{"properties":{"a":false}}"##, ##"{"a":1}"##, false, .v6),
        // $ref replaces its siblings before 2019-09, and joins them after.
        .init(##"{"$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s","maxLength":1}"##, ##""abc""##, true, .v7),
        .init(##"{"$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s","maxLength":1}"##, ##""abc""##, false, .v201909),
        .init(##"{"$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s","maxLength":1}"##, ##""abc""##, false, .v202012),
        .init(##"{"$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s","maxLength":1}"##, "1", false, .v4)
    ]

    @Test(arguments: cases) func draftRule(_ row: JSONSchemaTestCase) throws { try row.run() }

    @Test func defaultVersionIsV202012AndNamesMatchWireMock() throws {
        #expect(try JSONSchemaValidator(schema: true).version == .v202012)
        #expect(JSONSchemaValidator.Version.allCases.map(\.rawValue) == ["V4", "V6", "V7", "V201909", "V202012"])
        #expect(JSONSchemaValidator.Version(rawValue: "V201909") == .v201909)
    }
}
