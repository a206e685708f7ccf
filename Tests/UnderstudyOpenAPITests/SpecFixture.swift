import Foundation
import UnderstudyOpenAPI

/// Spec files written to a fresh temporary folder for one test.
struct SpecFixture {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Loads `text` as a spec named `name`.
    static func spec(_ text: String, name: String = "openapi.yaml") throws -> OpenAPISpec {
        let fixture = try SpecFixture()
        defer { fixture.remove() }
        return try OpenAPISpec.load(try fixture.write(name, text))
    }

    /// A small 3.0 pet store: listing with a limit, creating with a JSON body, one pet by id.
    static let pets = """
        openapi: "3.0.3"
        info: { title: Pets, version: "1" }
        servers:
          - url: http://pets.example/v1
        paths:
          /pets:
            get:
              parameters:
                - { name: limit, in: query, schema: { type: integer, format: int32, minimum: 1, maximum: 100 } }
                - { name: X-Trace, in: header, required: true, schema: { type: string, format: uuid } }
              responses:
                "200":
                  description: pets
                  headers:
                    X-Total: { schema: { type: integer } }
                  content:
                    application/json:
                      schema: { type: array, items: { $ref: "#/components/schemas/Pet" } }
            post:
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { $ref: "#/components/schemas/NewPet" }
              responses:
                "201":
                  description: created
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Pet" }
                      examples:
                        cat: { value: { id: 1, name: Tom, tag: null } }
                        dog: { value: { id: 2, name: Rex, tag: good } }
                "409":
                  description: exists
                  content:
                    application/problem+json:
                      schema: { type: object, required: [title], properties: { title: { type: string } } }
          /pets/{petId}:
            get:
              parameters:
                - { name: petId, in: path, required: true, schema: { type: integer, minimum: 1 } }
              responses:
                "200":
                  description: one pet
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Pet" }
                default:
                  description: error
                  content:
                    application/json:
                      schema: { type: object, required: [message], properties: { message: { type: string } } }
          /pets/mine:
            get:
              responses:
                "204": { description: nothing }
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: { type: integer, format: int64, minimum: 1 }
                name: { type: string, minLength: 1 }
                tag: { type: string, nullable: true }
                born: { type: string, format: date }
                owner: { $ref: "#/components/schemas/Owner" }
            Owner:
              type: object
              required: [name]
              properties:
                name: { type: string }
                pets: { type: array, items: { $ref: "#/components/schemas/Pet" } }
            NewPet:
              type: object
              required: [name]
              additionalProperties: false
              properties:
                name: { type: string, minLength: 1 }
                tag: { type: string, nullable: true }
                kind:
                  oneOf:
                    - { type: string, enum: [cat, dog] }
                    - { type: integer }
        """
}
