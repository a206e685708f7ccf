import Testing
import UnderstudyJSON
import UnderstudyTemplating

@testable import UnderstudyCore

/// `jsonSort`, against the outputs WireMock's documentation gives.
@Suite struct JSONSortHelperTests {
    @Test(arguments: [
        (
            #"[{"id":123,"name":"sam"},{"id":321,"name":"alice"}]"#, "'$[*].name'",
            #"[{"id":321,"name":"alice"},{"id":123,"name":"sam"}]"#
        ),
        (
            #"[{"id":123,"name":"sam"},{"id":321,"name":"alice"}]"#, "'$[*].id' order='desc'",
            #"[{"id":321,"name":"alice"},{"id":123,"name":"sam"}]"#
        ),
        (
            #"{"users":[{"name":"fred"},{"name":"bob"}]}"#, "'$.users[*].name'",
            #"{"users":[{"name":"bob"},{"name":"fred"}]}"#
        ),
        (
            #"[{"id":1,"created":"2025-03-15T14:30:00Z"},{"id":2,"created":"2025-01-10T09:15:00Z"},{"id":3,"created":"2025-12-01T18:45:00Z"}]"#,
            "'$[*].created'",
            #"[{"id":2,"created":"2025-01-10T09:15:00Z"},{"id":1,"created":"2025-03-15T14:30:00Z"},{"id":3,"created":"2025-12-01T18:45:00Z"}]"#
        ),
        (#"["charlie","alice","bob"]"#, "'$[*]'", #"["alice","bob","charlie"]"#),
        (
            #"[{"items":[{"price":30},{"price":10},{"price":20}]},{"items":[{"price":100},{"price":50}]}]"#,
            "'$[0].items[*].price'",
            #"[{"items":[{"price":10},{"price":20},{"price":30}]},{"items":[{"price":100},{"price":50}]}]"#
        ),
        (
            #"[{"id":1,"name":"alice"},{"id":2},{"id":3,"name":"bob"}]"#, "'$[*].name'",
            #"[{"id":2},{"id":1,"name":"alice"},{"id":3,"name":"bob"}]"#
        ),
        (
            #"[{"id":1,"name":"alice"},{"id":2},{"id":3,"name":"bob"}]"#, "'$[*].name' nulls='last'",
            #"[{"id":1,"name":"alice"},{"id":3,"name":"bob"},{"id":2}]"#
        ),
        (
            #"[{"id":"a","score":100},{"id":"b","score":50},{"id":"c","score":50},{"id":"d","score":25},{"id":"e","score":50}]"#,
            "'$[*].score'",
            #"[{"id":"d","score":25},{"id":"b","score":50},{"id":"c","score":50},{"id":"e","score":50},{"id":"a","score":100}]"#
        )
    ])
    func sortsAsDocumented(_ input: String, _ arguments: String, _ expected: String) throws {
        #expect(try render("{{jsonSort input \(arguments)}}", context: ["input": .string(input)]) == expected)
    }

    @Test func errorsAreWireMocks() throws {
        #expect(try render("{{jsonSort '[1]' '$[0]'}}").hasPrefix("[ERROR: JSONPath must include [*]"))
        #expect(
            try render("{{jsonSort 'null' '$[*]'}}")
                == "[ERROR: Cannot sort a JSON null value - input must be a JSON array]")
        #expect(
            try render("{{jsonSort '[1]' '$[*]' order='up'}}") == "[ERROR: order parameter must be 'asc' or 'desc']")
        #expect(
            try render("{{jsonSort '[1]' '$[*]' nulls='middle'}}")
                == "[ERROR: nulls parameter must be 'first' or 'last']")
        #expect(
            try render(#"{{jsonSort '[1,"a"]' '$[*]'}}"#)
                == "[ERROR: All sort field values must be of the same comparable type (Number, String, or Boolean)]")
        #expect(try render("{{jsonSort '{}' '$[*]'}}") == "[ERROR: JSONPath does not reference an array ('$')]")
    }
}
