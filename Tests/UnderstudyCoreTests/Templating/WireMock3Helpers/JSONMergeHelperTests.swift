import Testing
import UnderstudyJSON
import UnderstudyTemplating

@testable import UnderstudyCore

/// `jsonMerge`, against WireMock's documented output and error messages.
@Suite struct JSONMergeHelperTests {
    static let object1 =
        #"{"id":456,"forename":"Robert","surname":"Smith","address":{"number":"12"},"hobbies":["chess","football"]}"#
    static let object2 =
        #"{"forename":"Robert","nickname":"Bob","address":{"street":"High Street"},"hobbies":["rugby"]}"#
    static let merged =
        #"{"id":456,"forename":"Robert","surname":"Smith","address":{"number":"12","street":"High Street"},"hobbies":["rugby"],"nickname":"Bob"}"#

    @Test func mergesObjectsRecursivelyAndReplacesArrays() throws {
        let context: JSONValue = ["object1": .string(Self.object1), "object2": .string(Self.object2)]
        let output = try render("{{jsonMerge object1 object2}}", context: context)
        #expect(output == Self.merged)
        // The documented result, compared as JSON (member order is Jackson's insertion order above).
        #expect(
            try JSONParser.parse(output)
                == JSONParser.parse(
                    #"{"id":456,"forename":"Robert","surname":"Smith","nickname":"Bob","address":{"number":"12","street":"High Street"},"hobbies":["rugby"]}"#
                ))
    }

    @Test func theSecondObjectCanBeABlock() throws {
        let context: JSONValue = ["object1": .string(Self.object1)]
        #expect(try render("{{#jsonMerge object1}}\n\(Self.object2)\n{{/jsonMerge}}", context: context) == Self.merged)
    }

    @Test func removeNullsDropsMembersSetToNull() throws {
        let template =
            #"{{#assign 'object1'}}{"keepMe":1,"removeMe":2}{{/assign}}{{#jsonMerge object1 removeNulls=true}}{"removeMe":null}{{/jsonMerge}}"#
        #expect(try render(template) == #"{"keepMe":1}"#)
        let keep = #"{{jsonMerge '{"a":1}' '{"a":null}'}}"#
        #expect(try render(keep) == #"{"a":null}"#)
    }

    @Test func errorsAreWireMocks() throws {
        #expect(try render("{{jsonMerge missing '{}'}}") == "[ERROR: Base JSON parameter must be a string]")
        #expect(try render("{{jsonMerge 'nope' '{}'}}") == "[ERROR: Base JSON is not valid JSON ('nope')]")
        #expect(try render("{{jsonMerge '[1]' '{}'}}") == "[ERROR: Base JSON is not a JSON object ('[1]')]")
        #expect(try render("{{jsonMerge '{}'}}") == "[ERROR: JSON to merge must be a string]")
        #expect(try render("{{jsonMerge '{}' 'x'}}") == "[ERROR: JSON to merge is not valid JSON ('x')]")
        #expect(try render("{{jsonMerge '{}' 'true'}}") == "[ERROR: JSON to merge is not a JSON object ('true')]")
    }
}
