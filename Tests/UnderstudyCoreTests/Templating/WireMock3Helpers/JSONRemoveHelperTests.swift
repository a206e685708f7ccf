import Testing
import UnderstudyJSON
import UnderstudyTemplating

@testable import UnderstudyCore

/// `jsonRemove`, against WireMock's documented outputs and its own test cases.
@Suite struct JSONRemoveHelperTests {
    @Test(arguments: [
        (
            #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},{"id":321,"name":"sam"}]"#, "$.[?(@.id == 123)]",
            #"[{"id":456,"name":"bob"},{"id":321,"name":"sam"}]"#
        ),
        (
            #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},{"id":123,"name":"sam"}]"#, "$[?(@.id == 123)]",
            #"[{"id":456,"name":"bob"}]"#
        ),
        (
            #"[{"id":456,"name":"bob"},{"id":123,"name":"alice"},{"id":321,"name":"sam"}]"#, "$.[?(@.id == 123)].name",
            #"[{"id":456,"name":"bob"},{"id":123},{"id":321,"name":"sam"}]"#
        ),
        (#"{"id":456,"name":"bob"}"#, "$.name", #"{"id":456}"#),
        (
            #"[{"id":1,"roles":["admin","user"]},{"id":2,"roles":["admin","user"]}]"#,
            #"$.[?(@.id == 2)].roles[?(@ == "admin")]"#,
            #"[{"id":1,"roles":["admin","user"]},{"id":2,"roles":["user"]}]"#
        )
    ])
    func removesWhatThePathSelects(_ input: String, _ path: String, _ expected: String) throws {
        let context: JSONValue = ["input": .string(input), "path": .string(path)]
        #expect(try render("{{jsonRemove input path}}", context: context) == expected)
    }

    @Test func aPathThatFindsNothingLeavesTheInputAsWritten() throws {
        let context: JSONValue = ["input": .string(#"{ "id": 456 }"#)]
        #expect(try render("{{jsonRemove input '$.name'}}", context: context) == #"{ "id": 456 }"#)
        #expect(try render("{{jsonRemove 'null' '$.name'}}") == "null")
    }

    @Test func errorsAreWireMocks() throws {
        #expect(try render("{{jsonRemove missing '$.a'}}") == "[ERROR: Input JSON must be a string]")
        #expect(try render("{{jsonRemove '{}'}}") == "[ERROR: A single JSONPath expression parameter must be supplied]")
        #expect(try render("{{jsonRemove '{}' 3}}") == "[ERROR: JSONPath parameter must be a string]")
        #expect(try render("{{jsonRemove 'x' '$.a'}}") == "[ERROR: Input JSON string is not valid JSON ('x')]")
        #expect(
            try render("{{jsonRemove '{}' '$['}}")
                == "[ERROR: JSONPath parameter is not a valid JSONPath expression ('$[')]")
        #expect(
            try render("{{jsonRemove '{}' '$'}}")
                == "[ERROR: Delete operation cannot be applied to JSONPath expression ('$')]")
    }
}
