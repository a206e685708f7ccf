// Backs the article "GraphQL" (Sources/Understudy/Understudy.docc/GraphQL.md).
import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct GraphQLSnippets {
    // Backs GraphQL.md, listing "operation".
    @Test func anOperation() async throws {
        try await withStubServer { server in
            server.stub(
                try .graphQL("query Hero($id: ID!) { hero(id: $id) { name } }", variables: ["id": "1000"]),
                .ok(json: #"{"data":{"hero":{"name":"Luke Skywalker"}}}"#))

            var request = URLRequest(url: try server.url("/graphql"))
            request.httpMethod = "POST"
            request.httpBody = Data(
                #"{"query":"query Hero($id: ID!) {\n  hero(id: $id) { name }\n}","variables":{"id":"1000"}}"#.utf8)
            let (data, _) = try await server.session.data(for: request)
            #expect(String(decoding: data, as: UTF8.self).contains("Luke Skywalker"))
        }
    }
}
