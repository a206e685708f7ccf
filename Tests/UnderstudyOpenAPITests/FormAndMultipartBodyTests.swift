import Foundation
import Testing
import UnderstudyCore
import UnderstudyOpenAPI

/// Issue 29: form-urlencoded and multipart bodies are checked against their schema as JSON bodies
/// are: each field read as its property's type (properties found through `$ref` and `allOf`),
/// `encoding.contentType` honoured, and the same violation shape (location `body`, a pointer).
@Suite struct FormAndMultipartBodyTests {
    static let spec = """
        openapi: "3.0.3"
        info: { title: Bodies, version: "1" }
        paths:
          /messages:
            post:
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    schema: { $ref: "#/components/schemas/Message" }
                    encoding: { meta: { contentType: application/json } }
              responses: { "201": { description: sent } }
          /uploads:
            post:
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [file, count]
                      properties:
                        file: { type: string, format: binary }
                        count: { type: integer, minimum: 1 }
                        tags: { type: array, items: { type: string, enum: [a, b] } }
                        meta: { type: object, required: [id], properties: { id: { type: integer } } }
              responses: { "201": { description: stored } }
        components:
          schemas:
            Base:
              type: object
              properties:
                Priority: { type: integer, minimum: 1 }
            Message:
              allOf:
                - { $ref: "#/components/schemas/Base" }
                - type: object
                  required: [To, Body]
                  properties:
                    To: { type: string }
                    Body: { type: string, maxLength: 10 }
                    Count: { type: integer }
                    Urgent: { type: boolean }
                    meta: { type: object, properties: { id: { type: integer } } }
                    labels: { type: object, additionalProperties: { type: string, maxLength: 3 } }
        """

    func violations(_ path: String, contentType: String, body: String) throws -> [ContractViolation] {
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(Self.spec)], mode: .enforce)
        let request = LoggedRequest(
            method: "POST", url: path, headers: ["Content-Type": contentType], body: Data(body.utf8))
        return contract.checkRequest(request).violations
    }

    func form(_ body: String) throws -> [ContractViolation] {
        try violations("/messages", contentType: "application/x-www-form-urlencoded", body: body)
    }

    static let boundary = "XyZ"

    /// A multipart/form-data body with these (name, content type, text) parts.
    func multipart(_ parts: [(String, String?, String)]) throws -> [ContractViolation] {
        var body = ""
        for (name, type, text) in parts {
            body += "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
            if name == "file" { body += "; filename=\"a.bin\"" }
            body += "\r\n"
            if let type { body += "Content-Type: \(type)\r\n" }
            body += "\r\n\(text)\r\n"
        }
        body += "--\(Self.boundary)--\r\n"
        return try violations("/uploads", contentType: "multipart/form-data; boundary=\(Self.boundary)", body: body)
    }

    /// Numbers and booleans in a form are read as their property's type even when the properties
    /// are declared in an `allOf` part behind a `$ref` (they were strings, and a valid body refused).
    @Test func aValidFormWithTypedFieldsFromAllOfPasses() throws {
        #expect(try form("To=%2B15551234&Body=hi&Count=3&Urgent=true&Priority=2").isEmpty)
    }

    @Test func aFormMissingARequiredFieldIsRefusedWithThePointer() throws {
        let found = try form("To=%2B15551234&Count=3")
        #expect(found.map(\.location) == ["body"])
        #expect(found.first?.reason.contains("Body") == true)
        #expect(
            found.first?.specPath
                == "#/paths/~1messages/post/requestBody/content/application~1x-www-form-urlencoded/schema")
    }

    @Test func aFieldBreakingItsPropertyIsNamed() throws {
        #expect(try form("To=a&Body=hi&Count=three").map(\.pointer) == ["/Count"])
        #expect(try form("To=a&Body=hi&Priority=0").map(\.pointer) == ["/Priority"])
        #expect(try form("To=a&Body=far%20too%20long").map(\.pointer) == ["/Body"])
    }

    @Test func aFieldEncodedAsJSONIsReadAsJSON() throws {
        #expect(try form("To=a&Body=hi&meta=%7B%22id%22%3A7%7D").isEmpty)
        #expect(try form("To=a&Body=hi&meta=%7B%22id%22%3A%22x%22%7D").map(\.pointer) == ["/meta/id"])
    }

    @Test func bracketedFieldsMakeTheirObjectProperty() throws {
        #expect(try form("To=a&Body=hi&labels%5Bx%5D=one&labels%5By%5D=two").isEmpty)
        #expect(try form("To=a&Body=hi&labels%5Bx%5D=four").map(\.pointer) == ["/labels/x"])
    }

    @Test func aValidMultipartBodyPasses() throws {
        let found = try multipart([
            ("file", "application/octet-stream", "\u{01}\u{02}bytes"), ("count", nil, "2"), ("tags", nil, "a"),
            ("tags", nil, "b"), ("meta", "application/json", #"{"id":4}"#)
        ])
        #expect(found.isEmpty)
    }

    @Test func aMultipartBodyBreakingItsSchemaIsRefusedPartByPart() throws {
        #expect(try multipart([("count", nil, "2")]).first?.reason.contains("file") == true)
        #expect(try multipart([("file", nil, "x"), ("count", nil, "0")]).map(\.pointer) == ["/count"])
        #expect(
            try multipart([("file", nil, "x"), ("count", nil, "1"), ("tags", nil, "a"), ("tags", nil, "c")]).map(
                \.pointer) == ["/tags/1"])
        // An object part is JSON by OpenAPI's default encoding, whatever its own Content-Type.
        #expect(
            try multipart([("file", nil, "x"), ("count", nil, "1"), ("meta", nil, #"{"id":"x"}"#)]).map(\.pointer)
                == ["/meta/id"])
    }

    @Test func aBodyThatIsNotMultipartIsSaidToBeSo() throws {
        let found = try violations(
            "/uploads", contentType: "multipart/form-data; boundary=other", body: "--XyZ\r\n\r\nx\r\n--XyZ--\r\n")
        #expect(found.map(\.location) == ["body"])
        #expect(found.first?.reason.contains("boundary") == true)
    }
}
