import Foundation
import RandomSupport
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

/// Issue 29's property test on schemas nobody wrote: seeded random 3.0 schemas (types, formats,
/// patterns, bounds in both exclusive forms, lengths, `multipleOf`, `nullable`, `enum`, nested
/// objects and arrays, `oneOf`/`anyOf`/`allOf`), each served as an operation's response. Every
/// answer, fixed and `Prefer: dynamic=true`, passes the same contract's response check.
@Suite struct RandomSchemaAnswerTests {
    static let patterns = [
        #"^[A-Z]{3}$"#, #"^\d{4}-\d{2}$"#, #"^(ab|cd)+x?$"#, #"^[a-f0-9]{8}$"#, #"^\+[1-9]\d{6,12}$"#
    ]
    static let formats = ["date-time", "date", "uuid", "email", "uri", "ipv4", "ipv6", "byte", nil]

    struct Maker {
        var random: SeededRandom
        /// Property names are unique: `allOf` parts that redeclare one property with other bounds are
        /// covered by `theGeneratorNarrowsARedeclaredProperty`, not drawn at random.
        var names = 0

        mutating func schema(depth: Int) -> JSONValue {
            let kinds =
                depth >= 3
                ? ["string", "integer", "number", "boolean"]
                : [
                    "string", "integer", "number", "boolean", "array", "object", "object", "oneOf", "anyOf", "allOf"
                ]
            var schema: JSONObject
            switch random.pick(kinds) {
            case "string": schema = string()
            case "integer": schema = number(integer: true)
            case "number": schema = number(integer: false)
            case "boolean": schema = ["type": "boolean"]
            case "array":
                schema = ["type": "array", "items": self.schema(depth: depth + 1)]
                if random.chance(50) { schema["minItems"] = .int(Int(random.next() % 3)) }
                if random.chance(30) { schema["maxItems"] = .int(3) }
            case "oneOf":
                // Branches of different types: exactly one can match.
                schema = ["oneOf": [.object(string()), .object(["type": "boolean"])]]
            case "anyOf":
                schema = ["anyOf": [.object(number(integer: true)), .object(string())]]
            case "allOf":
                // Open parts: a closed part beside another's required property cannot be satisfied.
                schema = ["allOf": [object(depth: depth + 1, closed: false), object(depth: depth + 1, closed: false)]]
            default: schema = object(depth: depth).objectValue ?? [:]
            }
            if random.chance(15) { schema["nullable"] = true }
            return .object(schema)
        }

        mutating func string() -> JSONObject {
            var schema: JSONObject = ["type": "string"]
            switch random.next() % 4 {
            case 0: schema["pattern"] = .string(random.pick(RandomSchemaAnswerTests.patterns))
            case 1: if let format = random.pick(RandomSchemaAnswerTests.formats) { schema["format"] = .string(format) }
            case 2: schema["enum"] = ["red", "green", "blue"]
            default:
                let low = Int(random.next() % 5)
                schema["minLength"] = .int(low)
                if random.chance(50) { schema["maxLength"] = .int(low + Int(random.next() % 6)) }
            }
            return schema
        }

        mutating func number(integer: Bool) -> JSONObject {
            var schema: JSONObject = ["type": .string(integer ? "integer" : "number")]
            let low = Int(random.next() % 50) - 25
            if random.chance(60) { schema["minimum"] = .int(low) }
            if random.chance(60) { schema["maximum"] = .int(low + 10 + Int(random.next() % 40)) }
            if random.chance(30), schema["minimum"] != nil { schema["exclusiveMinimum"] = true }
            if random.chance(30), schema["maximum"] != nil { schema["exclusiveMaximum"] = true }
            if random.chance(30) { schema["multipleOf"] = .int(integer ? 3 : 5) }
            if integer, random.chance(30) { schema["format"] = .string(random.pick(["int32", "int64"])) }
            return schema
        }

        mutating func object(depth: Int, closed: Bool = true) -> JSONValue {
            var properties = JSONObject()
            var required: [JSONValue] = []
            for i in 0..<Int(1 + random.next() % 4) {
                names += 1
                let name = "p\(depth)_\(i)_\(names)"
                properties[name] = schema(depth: depth + 1)
                if random.chance(50) { required.append(.string(name)) }
            }
            var schema: JSONObject = ["type": "object", "properties": .object(properties)]
            if !required.isEmpty { schema["required"] = .array(required) }
            if closed, random.chance(30) { schema["additionalProperties"] = false }
            return .object(schema)
        }
    }

    @Test func answersFromRandomSchemasConformToThem() throws {
        var maker = Maker(random: SeededRandom(seed: 20_261_127))
        var paths = JSONObject()
        for i in 0..<150 {
            let response: JSONValue = [
                "description": "ok", "content": ["application/json": ["schema": maker.schema(depth: 0)]]
            ]
            paths["/s\(i)"] = ["get": ["responses": ["200": response]]]
        }
        let document: JSONValue = [
            "openapi": "3.0.3", "info": ["title": "Random", "version": "1"], "paths": .object(paths)
        ]
        let spec = try SpecFixture.spec(JSONWriter.string(document), name: "random.json")
        let contract = OpenAPIContract(specs: [spec])
        var failures: [String] = []
        for i in 0..<150 {
            let (_, id) = try #require(contract.operation(method: "GET", path: "/s\(i)"))
            for prefer in ["", "dynamic=true", "dynamic=true"] {
                let headers: HeaderFields = prefer.isEmpty ? [:] : ["Prefer": prefer]
                let answer = contract.answer(
                    LoggedRequest(method: "GET", url: "/s\(i)", headers: headers), operation: id)
                let response = LoggedResponse(status: answer.status, headers: answer.headers, body: answer.body)
                let violations = contract.checkResponse(response, operation: id)
                if !violations.isEmpty {
                    failures.append(
                        "/s\(i) \(prefer): \(violations.map { "\($0.pointer) \($0.reason)" }) "
                            + "schema \(JSONWriter.string(paths["/s\(i)"] ?? .null).prefix(400)) "
                            + "body \(String(decoding: answer.body.prefix(200), as: UTF8.self))")
                }
            }
        }
        #expect(failures.count == 0, "\(failures.count) of 450 answers break their schema: \(failures.prefix(5))")
    }

    /// `allOf` parts that declare one property twice, the second narrowing it (an enum, a pattern):
    /// the answer meets both declarations.
    @Test func theGeneratorNarrowsARedeclaredProperty() throws {
        let spec = try SpecFixture.spec(
            """
            openapi: "3.0.3"
            info: { title: Narrowing, version: "1" }
            paths:
              /pet:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            allOf:
                              - { type: object, required: [kind, code], properties: { kind: { type: string }, code: { type: string } } }
                              - { type: object, properties: { kind: { type: string, enum: [cat] }, code: { type: string, pattern: "^[A-Z]{2}[0-9]$" } } }
            """)
        let contract = OpenAPIContract(specs: [spec])
        let (_, id) = try #require(contract.operation(method: "GET", path: "/pet"))
        for prefer in ["", "dynamic=true"] {
            let answer = contract.answer(
                LoggedRequest(method: "GET", url: "/pet", headers: prefer.isEmpty ? [:] : ["Prefer": prefer]),
                operation: id)
            #expect(try JSONParser.parse(answer.body)["kind"] == "cat")
            let response = LoggedResponse(status: answer.status, headers: answer.headers, body: answer.body)
            #expect(
                contract.checkResponse(response, operation: id).isEmpty,
                "\(String(decoding: answer.body, as: UTF8.self))")
        }
    }
}
