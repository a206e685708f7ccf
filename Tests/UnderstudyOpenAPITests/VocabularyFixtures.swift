/// Specs for OpenAPI's additions to JSON Schema and for object query parameters.
extension SpecFixture {
    /// Pets told apart by `petType`: `oneOf` with a mapping (one target a `$ref`, one a schema
    /// name) at `/pets`, `anyOf` with the implicit schema names at `/animals`.
    static func shapes(version: String) -> String {
        """
        openapi: "\(version)"
        info: { title: Shapes, version: "1" }
        paths:
          /pets:
            post:
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { $ref: "#/components/schemas/Pet" }
              responses:
                "201":
                  description: created
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Pet" }
          /animals:
            post:
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      anyOf:
                        - $ref: "#/components/schemas/Cat"
                        - $ref: "#/components/schemas/Dog"
                      discriminator: { propertyName: petType }
              responses:
                "204": { description: stored }
        components:
          schemas:
            Pet:
              oneOf:
                - $ref: "#/components/schemas/Cat"
                - $ref: "#/components/schemas/Dog"
              discriminator:
                propertyName: petType
                mapping:
                  cat: "#/components/schemas/Cat"
                  dog: Dog
            Cat:
              type: object
              required: [petType, name]
              properties:
                petType: { type: string }
                name: { type: string }
                lives: { type: integer, maximum: 9 }
            Dog:
              type: object
              required: [petType, bark]
              properties:
                petType: { type: string }
                bark: { type: boolean }
        """
    }

    /// A user whose `id` is read-only (through a `$ref`) and whose `password` is write-only,
    /// both required.
    static func users(version: String) -> String {
        """
        openapi: "\(version)"
        info: { title: Users, version: "1" }
        paths:
          /users:
            post:
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { $ref: "#/components/schemas/User" }
              responses:
                "201":
                  description: created
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/User" }
        components:
          schemas:
            User:
              type: object
              required: [id, name, password]
              properties:
                id: { $ref: "#/components/schemas/Id" }
                name: { type: string }
                password: { type: string, writeOnly: true, minLength: 8 }
            Id: { type: integer, minimum: 1, readOnly: true }
        """
    }

    /// A product search with a `deepObject` filter and a paging object sent as exploded form.
    static let products = """
        openapi: "3.1.0"
        info: { title: Products, version: "1" }
        paths:
          /products:
            get:
              parameters:
                - name: filter
                  in: query
                  required: true
                  style: deepObject
                  explode: true
                  schema:
                    type: object
                    additionalProperties: false
                    properties:
                      color: { type: string }
                      size: { type: string, enum: [S, M, L] }
                      minPrice: { type: integer, minimum: 0 }
                      tags: { type: array, items: { type: string } }
                      dimensions:
                        type: object
                        properties:
                          width: { type: integer }
                - name: page
                  in: query
                  schema: { $ref: "#/components/schemas/Page" }
              responses:
                "200":
                  description: found
                  content:
                    application/json:
                      schema: { type: array, items: { type: string } }
        components:
          schemas:
            Page:
              type: object
              properties:
                offset: { type: integer, minimum: 0 }
                limit: { type: integer, maximum: 50 }
        """
}
