import Testing

/// Each keyword with instances that pass and fail, under the default draft (2020-12).
@Suite struct JSONSchemaKeywordTests {
    static let typeCases: [JSONSchemaTestCase] = [
        .init(#"{"type":"string"}"#, #""a""#, true),
        .init(#"{"type":"string"}"#, "1", false),
        .init(#"{"type":"integer"}"#, "1", true),
        .init(#"{"type":"integer"}"#, "1.0", true),
        .init(#"{"type":"integer"}"#, "1e3", true),
        .init(#"{"type":"integer"}"#, "1.5", false),
        .init(#"{"type":"number"}"#, "1", true),
        .init(#"{"type":"number"}"#, #""1""#, false),
        .init(#"{"type":"boolean"}"#, "false", true),
        .init(#"{"type":"boolean"}"#, "0", false),
        .init(#"{"type":"null"}"#, "null", true),
        .init(#"{"type":"null"}"#, "false", false),
        .init(#"{"type":"object"}"#, "{}", true),
        .init(#"{"type":"object"}"#, "[]", false),
        .init(#"{"type":"array"}"#, "[]", true),
        .init(#"{"type":"array"}"#, "{}", false),
        .init(#"{"type":["string","null"]}"#, "null", true),
        .init(#"{"type":["string","null"]}"#, #""x""#, true),
        .init(#"{"type":["string","null"]}"#, "3", false)
    ]

    @Test(arguments: typeCases) func type(_ row: JSONSchemaTestCase) throws { try row.run() }

    static let valueCases: [JSONSchemaTestCase] = [
        .init(#"{"enum":[1,"a",null,{"k":[1]}]}"#, "1.0", true),
        .init(#"{"enum":[1,"a",null,{"k":[1]}]}"#, #"{"k":[1]}"#, true),
        .init(#"{"enum":[1,"a",null,{"k":[1]}]}"#, #""b""#, false),
        .init(#"{"enum":[1,"a",null,{"k":[1]}]}"#, "true", false),
        .init(#"{"const":{"a":1,"b":[true]}}"#, #"{"b":[true],"a":1.0}"#, true),
        .init(#"{"const":{"a":1,"b":[true]}}"#, #"{"a":1}"#, false),
        .init(#"{"const":false}"#, "0", false),
        .init(#"{"const":null}"#, "null", true)
    ]

    @Test(arguments: valueCases) func enumAndConst(_ row: JSONSchemaTestCase) throws { try row.run() }

    static let numberCases: [JSONSchemaTestCase] = [
        .init(#"{"minimum":2}"#, "2", true),
        .init(#"{"minimum":2}"#, "1.99", false),
        .init(#"{"minimum":2}"#, #""1""#, true),  // not a number: ignored
        .init(#"{"maximum":2}"#, "2.0", true),
        .init(#"{"maximum":2}"#, "2.0000000000000000000001", false),  // beyond Double precision
        .init(#"{"exclusiveMinimum":2}"#, "2", false),
        .init(#"{"exclusiveMinimum":2}"#, "2.01", true),
        .init(#"{"exclusiveMaximum":2}"#, "2", false),
        .init(#"{"exclusiveMaximum":2}"#, "1.99", true),
        .init(#"{"multipleOf":0.1}"#, "0.3", true),
        .init(#"{"multipleOf":0.01}"#, "19.99", true),
        .init(#"{"multipleOf":0.1}"#, "0.35", false),
        .init(#"{"multipleOf":2}"#, "10", true),
        .init(#"{"multipleOf":2}"#, "7", false),
        .init(#"{"multipleOf":1.5}"#, "4.5", true),
        .init(#"{"multipleOf":0.0001}"#, "0.00751", false),
        .init(#"{"multipleOf":0.0001}"#, "0.0075", true),
        .init(#"{"multipleOf":25}"#, "1e2", true),
        .init(#"{"multipleOf":2.5}"#, "-7.5", true),
        .init(#"{"multipleOf":2.5}"#, "-7.4", false),
        .init(#"{"multipleOf":1e-2}"#, "3.14", true),
        .init(#"{"multipleOf":0.123456789}"#, "1e308", false),  // quotient overflows: not a multiple
        .init(#"{"multipleOf":3}"#, "123456789012345678901234567890", true)  // beyond 64 bits
    ]

    @Test(arguments: numberCases) func numbers(_ row: JSONSchemaTestCase) throws { try row.run() }

    static let stringCases: [JSONSchemaTestCase] = [
        .init(#"{"minLength":2}"#, #""ab""#, true),
        .init(#"{"minLength":2}"#, #""a""#, false),
        .init(#"{"minLength":2}"#, #""💩""#, false),  // one code point, two UTF-16 units
        .init(#"{"maxLength":2}"#, #""💩💩""#, true),
        .init(#"{"maxLength":2}"#, #""abc""#, false),
        .init(#"{"maxLength":1}"#, #""é""#, true),
        .init(#"{"pattern":"^[a-z]+$"}"#, #""abc""#, true),
        .init(#"{"pattern":"^[a-z]+$"}"#, #""abC""#, false),
        .init(#"{"pattern":"b"}"#, #""abc""#, true),  // unanchored: found anywhere
        .init(#"{"pattern":"^\\d{3}-\\d{4}$"}"#, #""555-1234""#, true),
        .init(#"{"pattern":"^\\d{3}-\\d{4}$"}"#, #""555-12345""#, false),
        .init(#"{"pattern":"x"}"#, "12", true),  // not a string: ignored
        .init(#"{"format":"email"}"#, #""not an email""#, true),  // annotation only
        .init(#"{"format":"date-time"}"#, #""yesterday""#, true)
    ]

    @Test(arguments: stringCases) func strings(_ row: JSONSchemaTestCase) throws { try row.run() }

    static let arrayCases: [JSONSchemaTestCase] = [
        .init(#"{"items":{"type":"integer"}}"#, "[1,2,3]", true),
        .init(#"{"items":{"type":"integer"}}"#, #"[1,"2"]"#, false),
        .init(#"{"items":false}"#, "[]", true),
        .init(#"{"items":false}"#, "[1]", false),
        .init(#"{"prefixItems":[{"type":"string"},{"type":"integer"}]}"#, #"["a",1,true]"#, true),
        .init(#"{"prefixItems":[{"type":"string"},{"type":"integer"}]}"#, #"[1,"a"]"#, false),
        .init(#"{"prefixItems":[{"type":"string"}],"items":false}"#, #"["a"]"#, true),
        .init(#"{"prefixItems":[{"type":"string"}],"items":false}"#, #"["a","b"]"#, false),
        .init(#"{"prefixItems":[{"type":"string"}],"items":{"type":"integer"}}"#, #"["a",1,2]"#, true),
        .init(#"{"prefixItems":[{"type":"string"}],"items":{"type":"integer"}}"#, #"["a",1,"b"]"#, false),
        .init(#"{"minItems":2}"#, "[1,2]", true),
        .init(#"{"minItems":2}"#, "[1]", false),
        .init(#"{"maxItems":1}"#, "[1,2]", false),
        .init(#"{"uniqueItems":true}"#, #"[1,"1",{"a":1},{"a":2}]"#, true),
        .init(#"{"uniqueItems":true}"#, "[1,1.0]", false),
        .init(#"{"uniqueItems":true}"#, #"[{"a":1,"b":2},{"b":2,"a":1}]"#, false),
        .init(#"{"uniqueItems":true}"#, "[true,1]", true),
        .init(#"{"uniqueItems":false}"#, "[1,1]", true),
        .init(#"{"contains":{"const":3}}"#, "[1,3]", true),
        .init(#"{"contains":{"const":3}}"#, "[1,2]", false),
        .init(#"{"contains":{"const":3}}"#, "[]", false),
        .init(#"{"contains":{"type":"integer"},"minContains":2}"#, #"[1,"a",2]"#, true),
        .init(#"{"contains":{"type":"integer"},"minContains":2}"#, #"[1,"a"]"#, false),
        .init(#"{"contains":{"type":"integer"},"maxContains":1}"#, "[1,2]", false),
        .init(#"{"contains":{"type":"integer"},"maxContains":1}"#, #"[1,"a"]"#, true),
        .init(#"{"contains":{"type":"integer"},"minContains":0}"#, "[]", true)
    ]

    @Test(arguments: arrayCases) func arrays(_ row: JSONSchemaTestCase) throws { try row.run() }

    static let objectCases: [JSONSchemaTestCase] = [
        .init(#"{"properties":{"a":{"type":"string"}}}"#, #"{"a":"x","b":1}"#, true),
        .init(#"{"properties":{"a":{"type":"string"}}}"#, #"{"a":1}"#, false),
        .init(#"{"properties":{"a":{"type":"string"}}}"#, "[1]", true),  // not an object: ignored
        .init(#"{"required":["a","b"]}"#, #"{"a":1,"b":null}"#, true),
        .init(#"{"required":["a","b"]}"#, #"{"a":1}"#, false),
        .init(#"{"properties":{"a":{}},"additionalProperties":false}"#, #"{"a":1}"#, true),
        .init(#"{"properties":{"a":{}},"additionalProperties":false}"#, #"{"a":1,"b":2}"#, false),
        .init(#"{"properties":{"a":{}},"additionalProperties":{"type":"integer"}}"#, #"{"a":"x","b":2}"#, true),
        .init(#"{"properties":{"a":{}},"additionalProperties":{"type":"integer"}}"#, #"{"b":"x"}"#, false),
        .init(#"{"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false}"#, #"{"x-a":"1"}"#, true),
        .init(#"{"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false}"#, #"{"x-a":1}"#, false),
        .init(#"{"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false}"#, #"{"y":"1"}"#, false),
        .init(#"{"properties":{"ab":{"minimum":5}},"patternProperties":{"a":{"maximum":10}}}"#, #"{"ab":7}"#, true),
        .init(#"{"properties":{"ab":{"minimum":5}},"patternProperties":{"a":{"maximum":10}}}"#, #"{"ab":11}"#, false),
        .init(#"{"propertyNames":{"pattern":"^[a-z]+$"}}"#, #"{"abc":1}"#, true),
        .init(#"{"propertyNames":{"pattern":"^[a-z]+$"}}"#, #"{"aBc":1}"#, false),
        .init(#"{"propertyNames":{"maxLength":2}}"#, #"{"abc":1}"#, false),
        .init(#"{"minProperties":1}"#, "{}", false),
        .init(#"{"minProperties":1}"#, #"{"a":1}"#, true),
        .init(#"{"maxProperties":1}"#, #"{"a":1,"b":2}"#, false),
        .init(#"{"dependentRequired":{"card":["billing"]}}"#, #"{"card":1,"billing":2}"#, true),
        .init(#"{"dependentRequired":{"card":["billing"]}}"#, #"{"card":1}"#, false),
        .init(#"{"dependentRequired":{"card":["billing"]}}"#, #"{"billing":1}"#, true),
        .init(#"{"dependentSchemas":{"card":{"required":["billing"]}}}"#, #"{"card":1}"#, false),
        .init(#"{"dependentSchemas":{"card":{"required":["billing"]}}}"#, #"{"other":1}"#, true)
    ]

    @Test(arguments: objectCases) func objects(_ row: JSONSchemaTestCase) throws { try row.run() }

    static let combinatorCases: [JSONSchemaTestCase] = [
        .init(#"{"allOf":[{"type":"integer"},{"minimum":3}]}"#, "4", true),
        .init(#"{"allOf":[{"type":"integer"},{"minimum":3}]}"#, "2", false),
        .init(#"{"anyOf":[{"type":"string"},{"minimum":3}]}"#, #""x""#, true),
        .init(#"{"anyOf":[{"type":"string"},{"minimum":3}]}"#, "4", true),
        .init(#"{"anyOf":[{"type":"string"},{"minimum":3}]}"#, "2", false),
        .init(#"{"oneOf":[{"type":"integer"},{"minimum":3}]}"#, "2", true),
        .init(#"{"oneOf":[{"type":"integer"},{"minimum":3}]}"#, "3.5", true),
        .init(#"{"oneOf":[{"type":"integer"},{"minimum":3}]}"#, "4", false),
        .init(#"{"oneOf":[{"type":"integer"},{"minimum":3}]}"#, "1.5", false),
        .init(#"{"not":{"type":"string"}}"#, "1", true),
        .init(#"{"not":{"type":"string"}}"#, #""x""#, false),
        .init(
            #"{"if":{"properties":{"kind":{"const":"card"}}},"then":{"required":["number"]},"else":{"required":["iban"]}}"#,
            #"{"kind":"card","number":"4111"}"#, true),
        .init(
            #"{"if":{"properties":{"kind":{"const":"card"}}},"then":{"required":["number"]},"else":{"required":["iban"]}}"#,
            #"{"kind":"card"}"#, false),
        .init(
            #"{"if":{"properties":{"kind":{"const":"card"}}},"then":{"required":["number"]},"else":{"required":["iban"]}}"#,
            #"{"kind":"bank","iban":"x"}"#, true),
        .init(
            #"{"if":{"properties":{"kind":{"const":"card"}}},"then":{"required":["number"]},"else":{"required":["iban"]}}"#,
            #"{"kind":"bank"}"#, false),
        .init(#"{"then":{"required":["x"]}}"#, "{}", true),  // then without if: ignored
        .init("true", "[1]", true),
        .init("false", "null", false),
        .init(#"{"properties":{"a":false}}"#, #"{"a":1}"#, false),
        .init(#"{"properties":{"a":false}}"#, "{}", true),
        .init(#"{"x-vendor":{"type":"nonsense"},"type":"integer"}"#, "1", true)  // unknown keyword: ignored
    ]

    @Test(arguments: combinatorCases) func combinatorsAndBooleans(_ row: JSONSchemaTestCase) throws { try row.run() }

    @Test func aRealisticRequestBodySchema() throws {
        let schema = #"""
            {"type":"object","required":["id","items"],"additionalProperties":false,
             "properties":{"id":{"type":"string","pattern":"^ord-[0-9]+$"},
               "items":{"type":"array","minItems":1,"items":{"type":"object","required":["sku","qty"],
                 "properties":{"sku":{"type":"string"},"qty":{"type":"integer","minimum":1}}}},
               "note":{"type":["string","null"],"maxLength":20}}}
            """#
        try JSONSchemaTestCase(schema, #"{"id":"ord-1","items":[{"sku":"a","qty":2}],"note":null}"#, true).run()
        try JSONSchemaTestCase(schema, #"{"id":"ord-1","items":[{"sku":"a","qty":0}]}"#, false).run()
        try JSONSchemaTestCase(schema, #"{"id":"ord-1","items":[]}"#, false).run()
        try JSONSchemaTestCase(schema, #"{"id":"x","items":[{"sku":"a","qty":1}]}"#, false).run()
    }
}
