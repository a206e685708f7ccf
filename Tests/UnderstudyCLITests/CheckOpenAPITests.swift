import Foundation
import Testing

/// `understudy check --openapi`: stubs whose responses drift from the contract fail the check.
@Suite struct CheckOpenAPITests {
    static let spec = """
        openapi: 3.1.0
        info: { title: T, version: "1" }
        paths:
          /users/{id}:
            get:
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              responses:
                "200":
                  description: a user
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [id, name]
                        properties: { id: { type: integer }, name: { type: string } }
        """

    @Test func conformingStubsPass() async throws {
        let root = try TemporaryRoot()
        try root.write("openapi.yaml", Self.spec)
        try root.write(
            "mappings/user.json",
            #"{"request":{"method":"GET","urlPathTemplate":"/users/{id}"},"response":{"status":200,"headers":{"Content-Type":"application/json"},"jsonBody":{"id":1,"name":"Ann"}}}"#
        )
        let output = try await CLIProcess.run(
            ["check", "--root", root.url.path, "--openapi", root.url.appendingPathComponent("openapi.yaml").path])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("1 stub checked against the spec, 0 reaching no operation"))
    }

    @Test func aFieldOfTheWrongTypeIsNamedWithFilePointerSpecPathAndReason() async throws {
        let root = try TemporaryRoot()
        try root.write("openapi.yaml", Self.spec)
        try root.write(
            "mappings/user.json",
            #"{"request":{"method":"GET","urlPath":"/users/7"},"response":{"status":200,"headers":{"Content-Type":"application/json"},"jsonBody":{"id":"seven","name":"Ann"}}}"#
        )
        try root.write(
            "mappings/many.json",
            #"{"mappings":[{"request":{"method":"GET","urlPath":"/elsewhere"}},{"request":{"method":"GET","urlPath":"/users/8"},"response":{"status":500}}]}"#
        )
        let output = try await CLIProcess.run(
            ["check", "--root", root.url.path, "--openapi", root.url.appendingPathComponent("openapi.yaml").path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("user.json at /response/jsonBody/id"), "\(output.stdout)")
        #expect(output.stdout.contains("#/paths/~1users~1{id}/get/responses/200/content/application~1json/schema"))
        #expect(output.stdout.contains("is not of type integer") || output.stdout.contains("integer"))
        #expect(output.stdout.contains("many.json at /mappings/1/response/status"))
        #expect(output.stdout.contains("note: ") && output.stdout.contains("GET /elsewhere reaches no operation"))
    }

    @Test func aBrokenSpecStopsTheCheckWithFileAndLine() async throws {
        let root = try TemporaryRoot()
        try root.write("openapi.yaml", "openapi: 3.1.0\ninfo: { title: T, version: \"1\" }\npaths:\n  /a: [\n")
        let output = try await CLIProcess.run(
            ["check", "--root", root.url.path, "--openapi", root.url.appendingPathComponent("openapi.yaml").path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("openapi.yaml:"))
    }

    @Test func serveRefusesToStartOnABrokenSpec() async throws {
        let root = try TemporaryRoot()
        try root.write(
            "openapi.yaml",
            "openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        \"200\": { $ref: \"#/nowhere\" }\n")
        let output = try await CLIProcess.run(
            [
                "serve", "--root", root.url.path, "--port", "0", "--openapi",
                root.url.appendingPathComponent("openapi.yaml").path
            ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("openapi.yaml"))
        #expect(output.stderr.contains("not starting"))
    }
}
