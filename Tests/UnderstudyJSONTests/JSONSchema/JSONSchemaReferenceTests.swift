import Foundation
import Testing
import UnderstudyJSON

/// `$ref` within one document: pointers, escapes, anchors, embedded `$id`s, recursion.
@Suite struct JSONSchemaReferenceTests {
    static let cases: [JSONSchemaTestCase] = [
        .init(##"{"definitions":{"pos":{"minimum":0}},"items":{"$ref":"#/definitions/pos"}}"##, "[1,2]", true, .v7),
        .init(##"{"definitions":{"pos":{"minimum":0}},"items":{"$ref":"#/definitions/pos"}}"##, "[1,-2]", false, .v7),
        .init(##"{"$defs":{"pos":{"minimum":0}},"items":{"$ref":"#/$defs/pos"}}"##, "[-1]", false),
        .init(##"{"$defs":{"pos":{"minimum":0}},"items":{"$ref":"#/$defs/pos"}}"##, "[0]", true),
        // Pointer escapes: ~1 is "/", ~0 is "~", and percent-encoding is decoded.
        .init(##"{"$defs":{"a/b":{"type":"integer"}},"$ref":"#/$defs/a~1b"}"##, ##""x""##, false),
        .init(##"{"$defs":{"a~b":{"type":"integer"}},"$ref":"#/$defs/a~0b"}"##, "1", true),
        .init(##"{"$defs":{"a~b":{"type":"integer"}},"$ref":"#/$defs/a~0b"}"##, "1.5", false),
        .init(##"{"$defs":{"a b":{"type":"integer"}},"$ref":"#/$defs/a%20b"}"##, ##""x""##, false),
        // Pointers into arrays and through properties.
        .init(##"{"properties":{"a":{"type":"integer"},"b":{"$ref":"#/properties/a"}}}"##, ##"{"b":"x"}"##, false),
        .init(##"{"anyOf":[{"type":"string"}],"properties":{"b":{"$ref":"#/anyOf/0"}}}"##, ##"{"b":1}"##, false),
        // Recursion through the root: a tree of nodes.
        .init(
            ##"{"type":"object","properties":{"value":{"type":"integer"},"children":{"type":"array","items":{"$ref":"#"}}}}"##,
            ##"{"value":1,"children":[{"value":2,"children":[{"value":3}]}]}"##, true),
        .init(
            ##"{"type":"object","properties":{"value":{"type":"integer"},"children":{"type":"array","items":{"$ref":"#"}}}}"##,
            ##"{"value":1,"children":[{"value":2,"children":[{"value":"3"}]}]}"##, false),
        // Mutual recursion between definitions.
        .init(
            ##"{"$defs":{"a":{"type":"array","items":{"$ref":"#/$defs/b"}},"b":{"anyOf":[{"type":"integer"},{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}"##,
            "[1,[2,[3]]]", true),
        .init(
            ##"{"$defs":{"a":{"type":"array","items":{"$ref":"#/$defs/b"}},"b":{"anyOf":[{"type":"integer"},{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}"##,
            ##"[1,[2,["3"]]]"##, false),
        // Anchors: $anchor in 2019-09+, "$id": "#name" in draft 6/7, "id": "#name" in draft 4.
        .init(##"{"$defs":{"n":{"$anchor":"num","type":"number"}},"$ref":"#num"}"##, ##""x""##, false),
        .init(##"{"definitions":{"n":{"$id":"#num","type":"number"}},"$ref":"#num"}"##, ##""x""##, false, .v7),
        .init(
            ##"{"definitions":{"n":{"$id":"#num","type":"number"}},"items":{"$ref":"#num"}}"##, ##"["x"]"##, false, .v7),
        .init(##"{"definitions":{"n":{"id":"#num","type":"number"}},"items":{"$ref":"#num"}}"##, "[1]", true, .v4),
        // Embedded resources with their own $id, and refs by absolute or relative URI.
        .init(
            ##"{"$id":"http://example.com/root.json","$defs":{"a":{"$id":"item.json","type":"integer"}},"items":{"$ref":"item.json"}}"##,
            ##"["x"]"##, false),
        .init(
            ##"{"$id":"http://example.com/root.json","$defs":{"a":{"$id":"item.json","type":"integer"}},"items":{"$ref":"http://example.com/item.json"}}"##,
            "[1]", true),
        .init(
            ##"{"$id":"http://example.com/root.json","$defs":{"a":{"type":"integer"}},"items":{"$ref":"http://example.com/root.json#/$defs/a"}}"##,
            "[1.5]", false),
        // Before 2019-09 a "$id" beside "$ref" is ignored, so the reference resolves against the outer base.
        .init(siblingIDSchema("definitions"), "1", true, .v7),
        .init(siblingIDSchema("definitions"), ##""a""##, false, .v7),
        .init(siblingIDSchema("$defs"), ##""a""##, true, .v201909),
        .init(siblingIDSchema("$defs"), "1", false, .v202012),
        // $recursiveRef and $dynamicRef resolve like $ref.
        .init(
            ##"{"type":"array","items":{"anyOf":[{"type":"integer"},{"$recursiveRef":"#"}]}}"##, "[1,[2]]", true,
            .v201909),
        .init(##"{"type":"array","items":{"anyOf":[{"type":"integer"},{"$dynamicRef":"#"}]}}"##, ##"[1,["x"]]"##, false)
    ]

    static func siblingIDSchema(_ definitions: String) -> String {
        let text =
            ##"{"$id":"http://example.com/root.json","DEFS":{"##
            + ##""inner":{"$id":"http://example.com/nested/item.json","type":"string"},"##
            + ##""outer":{"$id":"item.json","type":"number"}},"##
            + ##""allOf":[{"$id":"http://example.com/nested/","$ref":"item.json"}]}"##
        return
            text
            .replacingOccurrences(of: "DEFS", with: definitions)
    }

    @Test(arguments: cases) func reference(_ row: JSONSchemaTestCase) throws { try row.run() }

    @Test(arguments: [
        ##"{"$ref":"#"}"##,
        ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}"##,
        ##"{"allOf":[{"$ref":"#"}]}"##
    ])
    func referenceCyclesThatNeverDescendFailInsteadOfLooping(_ schema: String) throws {
        let validator = try JSONSchemaValidator(schema: JSONParser.parse(schema))
        #expect(!validator.isValid(1))
        let violations = validator.validate(1)
        #expect(violations.contains { $0.keyword == "$ref" })
    }

    @Test func deepRecursiveInstanceWithinTheLimitIsValidated() throws {
        let validator = try JSONSchemaValidator(schema: JSONParser.parse(##"{"type":"array","items":{"$ref":"#"}}"##))
        let depth = 100
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(validator.isValid(try JSONParser.parse(nested)))
        #expect(
            !validator.isValid(
                try JSONParser.parse(String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)))
        )
    }

    @Test func hostileDepthFailsCleanly() throws {
        let validator = try JSONSchemaValidator(schema: JSONParser.parse(##"{"items":{"$ref":"#"}}"##))
        let depth = 600
        var instance: JSONValue = []
        for _ in 0..<depth { instance = .array([instance]) }
        #expect(!validator.isValid(instance))
    }
}
