import Testing
import UnderstudyJSON
import UnderstudyTemplating

@testable import UnderstudyCore

/// `jsonArrayAdd`, against WireMock's documented outputs and its own test cases.
@Suite struct JSONArrayAddHelperTests {
    static let bobAndAlice = #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"}]"#

    @Test(arguments: [
        (
            bobAndAlice, #"{"id":321,"name":"sam"}"#,
            #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},{"id":321,"name":"sam"}]"#
        ),
        ("[]", #"{"id":321,"name":"sam"}"#, #"[{"id":321,"name":"sam"}]"#),
        (bobAndAlice, #""name""#, #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},"name"]"#),
        (bobAndAlice, "null", #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},null]"#),
        (bobAndAlice, "[1,2]", #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},[1,2]]"#)
    ])
    func addsOneItem(_ array: String, _ item: String, _ expected: String) throws {
        let context: JSONValue = ["array": .string(array), "item": .string(item)]
        #expect(try render("{{jsonArrayAdd array item}}", context: context) == expected)
    }

    @Test func flattenAddsTheItemsOfAnArray() throws {
        let context: JSONValue = ["array": .string(Self.bobAndAlice), "item": #"[{"id":321},{"id":666}]"#]
        #expect(
            try render("{{jsonArrayAdd array item flatten=true}}", context: context)
                == #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},{"id":321},{"id":666}]"#)
    }

    @Test func maxItemsDropsTheOldest() throws {
        let template = """
            {{#assign 'existingArray'}}[{"id":123,"name":"alice"},{"id":321,"name":"sam"}]{{/assign}}\
            {{#jsonArrayAdd existingArray maxItems=2}}
            {"id":456,"name":"bob"}
            {{/jsonArrayAdd}}
            """
        #expect(try render(template) == #"[{"id":321,"name":"sam"},{"id":456,"name":"bob"}]"#)
    }

    @Test func jsonPathNamesANestedArray() throws {
        let template = """
            {{#assign 'existingArray'}}[{"id":123,"names":["alice","sam"]},{"id":321,"names":["fred","neil"]}]{{/assign}}\
            {{#assign 'itemToAdd'}}"bob"{{/assign}}\
            {{jsonArrayAdd existingArray itemToAdd jsonPath='$[0].names'}}
            """
        #expect(
            try render(template)
                == #"[{"id":123,"names":["alice","sam","bob"]},{"id":321,"names":["fred","neil"]}]"#)
    }

    @Test func aMissingArrayCanDefaultWithVal() throws {
        #expect(try render(#"{{#jsonArrayAdd (val nothing or='[]')}}{"id":1}{{/jsonArrayAdd}}"#) == #"[{"id":1}]"#)
    }

    @Test func errorsAreWireMocks() throws {
        #expect(try render("{{jsonArrayAdd missing '1'}}") == "[ERROR: Base JSON must be a string]")
        #expect(try render("{{jsonArrayAdd 'x' '1'}}") == "[ERROR: Base JSON is not valid JSON ('x')]")
        #expect(try render("{{jsonArrayAdd '{}' '1'}}") == "[ERROR: Target JSON is not a JSON array ('{}')]")
        #expect(
            try render("{{jsonArrayAdd '{}' '1' jsonPath='$.a'}}")
                == "[ERROR: Target JSON is not a JSON array (root: '{}', jsonPath: '$.a')]")
        #expect(try render("{{jsonArrayAdd '[]'}}") == "[ERROR: Item-to-add JSON must be a string]")
        #expect(try render("{{jsonArrayAdd '[]' 'x'}}") == "[ERROR: Item-to-add JSON is not valid JSON ('x')]")
        #expect(try render("{{jsonArrayAdd '[]' '1' flatten='yes'}}") == "[ERROR: flatten option must be a boolean]")
        #expect(
            try render("{{jsonArrayAdd '[]' '1' maxItems=-1}}") == "[ERROR: maxItems option integer must be positive]")
    }
}
