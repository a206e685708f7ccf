import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `understudy check --graphql-schema` and `serve --graphql-schema`, as a user runs them.
@Suite struct GraphQLSchemaCLITests {
    static let schema = """
        type Query { user(id: ID!): User users: [User!]! }
        type Mutation { rename(id: ID!, name: String!): User }
        type User { id: ID! name: String! role: Role! }
        enum Role { ADMIN MEMBER }
        """

    static func stub(_ query: String, data: String, path: String = "/graphql") -> String {
        let escaped = query.replacingOccurrences(of: "\"", with: "\\\"")
        return """
            {"request":{"method":"POST","urlPath":"\(path)","customMatcher":{"name":"graphql-body-matcher","parameters":{"query":"\(escaped)"}}},
             "response":{"jsonBody":{"data":\(data)}}}
            """
    }

    @Test func checkNamesAStubWhoseDataBreaksItsQueryAndPassesTheRest() async throws {
        let root = try TemporaryRoot()
        try root.write("schema.graphql", Self.schema)
        try root.write(
            "mappings/good.json",
            Self.stub("{ users { name role } }", data: #"{"users":[{"name":"Ann","role":"ADMIN"}]}"#))
        let schema = root.url.appendingPathComponent("schema.graphql").path
        let passing = try await CLIProcess.run(["check", "--root", root.url.path, "--graphql-schema", schema])
        #expect(passing.status == 0, "\(passing.stdout)")
        #expect(passing.stdout.contains("GraphQL: 1 stub checked against the schema"))

        try root.write(
            "mappings/bad.json",
            Self.stub("{ user(id: 1) { name role } }", data: #"{"user":{"name":"Bo","role":"OWNER"}}"#))
        try root.write("mappings/stale.json", Self.stub("{ user(id: 1) { email } }", data: #"{"user":{"email":"x"}}"#))
        let failing = try await CLIProcess.run(["check", "--root", root.url.path, "--graphql-schema", schema])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("bad.json at /response/jsonBody/data/user/role"), "\(failing.stdout)")
        #expect(failing.stdout.contains("\"OWNER\" is not a value of the enum Role"))
        #expect(failing.stdout.contains("stale.json at /request/customMatcher/parameters/query"))
        #expect(failing.stdout.contains("Cannot query field \"email\" on type \"User\""))
        #expect(failing.stdout.contains("GraphQL: 3 stubs checked against the schema"))
    }

    @Test func aBrokenSchemaStopsCheckAndServeWithFileLineAndColumn() async throws {
        let root = try TemporaryRoot()
        try root.write("schema.graphql", "type Query {\n  a: Strin\n}\n")
        try root.write("mappings/.keep", "")
        let schema = root.url.appendingPathComponent("schema.graphql").path
        let check = try await CLIProcess.run(["check", "--root", root.url.path, "--graphql-schema", schema])
        #expect(check.status == 1)
        #expect(check.stdout.contains("schema.graphql: Unknown type \"Strin\""), "\(check.stdout)")
        let serve = try await CLIProcess.run([
            "serve", "--root", root.url.path, "--port", "0", "--graphql-schema", schema
        ])
        #expect(serve.status == 1)
        #expect(serve.stderr.contains("the GraphQL schema cannot be used; not starting"), "\(serve.stderr)")
    }

    @Test func serveAnswersTheSchemaAtItsPathAndTheOpenAPISpecElsewhere() async throws {
        let root = try TemporaryRoot()
        try root.write("schema.graphql", Self.schema)
        try root.write(
            "openapi.yaml",
            """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /health:
                get:
                  responses:
                    "200": { description: up, content: { application/json: { schema: { type: object, required: [ok], properties: { ok: { type: boolean } } } } } }
            """)
        try root.write(
            "mappings/user.json",
            Self.stub("{ user(id: 7) { name } }", data: #"{"user":{"name":"Seven"}}"#, path: "/api/graphql"))
        let server = try await ServerProcess.start([
            "serve", "--root", root.url.path, "--port", "0", "--graphql-schema",
            root.url.appendingPathComponent("schema.graphql").path,
            "--graphql-path", "/api/graphql", "--openapi", root.url.appendingPathComponent("openapi.yaml").path
        ])
        defer { server.terminate() }
        let base = try #require(URL(string: server.firstLine))
        func post(_ body: String) async throws -> [String: Any] {
            var request = URLRequest(url: base.appendingPathComponent("api/graphql"))
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let (data, _) = try await URLSession.shared.data(for: request)
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let stubbed = try await post(#"{"query":"{ user(id: 7) { name } }"}"#)
        #expect(((stubbed["data"] as? [String: Any])?["user"] as? [String: Any])?["name"] as? String == "Seven")
        let mocked = try await post(#"{"query":"mutation { rename(id: 3, name: \"x\") { id role } }"}"#)
        let renamed = (mocked["data"] as? [String: Any])?["rename"] as? [String: Any]
        #expect(renamed?["id"] as? String == "3")
        #expect(["ADMIN", "MEMBER"].contains(renamed?["role"] as? String ?? ""))
        let invalid = try await post(#"{"query":"{ user { name } }"}"#)
        let message = ((invalid["errors"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
        #expect(message.contains("argument \"id\" of type \"ID!\" is required"), "\(invalid)")
        let (health, _) = try await URLSession.shared.data(from: base.appendingPathComponent("health"))
        let ok = try JSONSerialization.jsonObject(with: health) as? [String: Any]
        #expect(ok?["ok"] is Bool, "the OpenAPI spec answers its own paths: \(String(decoding: health, as: UTF8.self))")
    }
}
