import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyOpenAPI

/// Loading's fast paths give what the slower ones they stand in for give: OpenAPIKit decoded by
/// SpecDecoder or by JSONDecoder, pointers split by hand or by JSONSchemaPointer, YAML scalars
/// typed without Yams's regular expressions.
@Suite struct SpecFastPathTests {
    /// Documents both decoders accept, and documents both refuse.
    static let agreed: [(text: String, valid: Bool)] = [
        (
            #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1", "x-team": {"a": [1, null, true]}},
             "servers": [{"url": "https://api.example/v1"}],
             "paths": {"/things/{id}": {"get": {"operationId": "get", "x-rate": 5,
               "parameters": [{"name": "id", "in": "path", "required": true,
                 "schema": {"type": "integer", "minimum": 1, "maximum": 10.0}}],
               "responses": {"200": {"description": "ok", "headers": {"X-N": {"schema": {"type": "integer"}}},
                 "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"},
                   "example": {"id": 1, "tags": ["a"]}}}}, "default": {"description": "error"}}}}},
             "components": {"schemas": {"Thing": {"type": "object", "required": ["id"],
               "properties": {"id": {"type": "integer"}, "tags": {"type": ["array", "null"], "items": {"type": "string"}},
                 "kind": {"enum": ["a", "b"], "default": "a"}}}}}}
            """#, true
        ),
        (
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
             "paths": {"/pets": {"post": {"requestBody": {"required": true, "content": {"application/json":
               {"schema": {"type": "object", "nullable": true, "properties": {"name": {"type": "string",
                 "maxLength": 20}}}}}}, "responses": {"201": {"description": "created"}}}}}}
            """#, true
        ),
        (
            #"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"responses": 1}}}}"#,
            false
        ),
        // Repeated subtrees, which SpecDecoder decodes once per type: valid twice over; valid as
        // a response but not as the `info` it is repeated as; refused in both places.
        (
            #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {"responses": {"200": {"description": "d"}}}},
                       "/b": {"get": {"responses": {"200": {"description": "d"}}}}}}
            """#, true
        ),
        (
            #"""
            {"openapi": "3.1.0", "info": {"description": "d"},
             "paths": {"/a": {"get": {"responses": {"200": {"description": "d"}}}}}}
            """#, false
        ),
        (
            #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {"responses": {"200": {"description": 1}}}},
                       "/b": {"get": {"responses": {"200": {"description": 1}}}}}}
            """#, false
        ),
        (#"{"openapi": "3.1.0", "info": {"version": "1"}, "paths": {}}"#, false),
        (
            #"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"respones": {}}}}}"#,
            false
        ),
        (#"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}, "servers": [{"url": 7}]}"#, false),
        (
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {"parameters": [{"name": "q", "in": "body"}], "responses": {}}}}}
            """#, false
        )
    ]

    @Test func specDecoderAcceptsAndRefusesWhatJSONDecoderDoes() throws {
        for (text, valid) in Self.agreed {
            let root = try JSONParser.parse(Data(text.utf8))
            let (quick, slow) =
                text.contains("\"3.0.3\"")
                ? (
                    SpecDecoder.decodes(StructureCheck30.Document.self, from: root),
                    (try? StructureCheck.decode(StructureCheck30.Document.self, root, quickly: false)) != nil
                )
                : (
                    SpecDecoder.decodes(StructureCheck31.Document.self, from: root),
                    (try? StructureCheck.decode(StructureCheck31.Document.self, root, quickly: false)) != nil
                )
            #expect(slow == valid, "\(text)")
            #expect(quick == valid, "\(text)")
        }
    }

    @Test func anExponentIntegerIsLeftToJSONDecoder() throws {
        // JSONDecoder reads 1e2 as the integer 100; SpecDecoder does not second-guess it and gives up.
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"parameters":
              [{"name": "q", "in": "query", "schema": {"type": "integer", "maximum": 1e2}}], "responses": {}}}}}
            """#
        let root = try JSONParser.parse(Data(text.utf8))
        #expect((try? StructureCheck.decode(StructureCheck31.Document.self, root)) != nil)
    }

    @Test func pointersSplitAndEscapeAsJSONSchemaPointerDoes() {
        for pointer in ["", "/", "/paths/~1a~1{id}/get", "/a~01/~10/~~1/~2", "/x%2Fy/~0", "nope", "/é/~1ü"] {
            #expect(SpecPointer.tokens(pointer) == JSONSchemaPointer.tokens(fromFragment: pointer), "\(pointer)")
        }
        for token in ["plain", "/a/{b}", "~", "~1/~0", "é/ü~"] {
            #expect(SpecPointer.escape(token) == JSONSchemaPointer.escape(token), "\(token)")
            #expect(SpecPointer.string(["a", token]) == JSONSchemaPointer.string(["a", token]))
        }
    }

    @Test func yamlScalarsKeepTheTypesOfYamssDefaultResolver() throws {
        let yaml = """
            a: yes
            b: No
            c: ~
            d: ""
            e: 007
            f: 1_000
            g: 0x1F
            h: 1.5
            i: .inf
            j: 2024-01-01
            k: "1"
            l: !!str 5
            m: !!int "7"
            n: Null
            o: nil
            p: 1e3
            q: +1
            r: 12:30
            s: OFF
            t: "true"
            u:
            v: <<
            w: "="
            """
        let value = try YAMLReader.read(yaml, file: "test.yaml")
        let expected: JSONValue = [
            "a": true, "b": false, "c": .null, "d": "", "e": 7, "f": "1_000", "g": "0x1F",
            "h": .number(JSONNumber(literal: "1.5")), "i": ".inf", "j": "2024-01-01", "k": "1", "l": "5", "m": 7,
            "n": .null, "o": "nil", "p": .number(JSONNumber(literal: "1e3")), "q": 1, "r": "12:30", "s": false,
            "t": "true", "u": .null, "v": "<<", "w": "="
        ]
        #expect(value == expected)
    }

    @Test func keysThatDifferOnlyInTypeStillFailAsBefore() {
        let error = #expect(throws: OpenAPISpecError.self) {
            try YAMLReader.read("responses:\n  200: a\n  \"200\": b\n", file: "spec.yaml")
        }
        #expect(error?.reason.contains("200") == true)
    }
}
