import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GraphQL stubs over both transports with URLSession as the client: POST, GET, a batch, and the
/// near miss that says which part of the operation differed.
@Suite struct GraphQLStubTests {
    static let hero = "query Hero($id: ID!) { hero(id: $id) { name, friends { name } } }"

    static func post(_ host: any StubHost, _ body: String) async throws -> (Int, String) {
        var request = URLRequest(url: try host.url("/graphql"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await host.session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: StubTransport.allCases)
    func anOperationIsMatchedAsADocument(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host in
            host.stub(
                try .graphQL(Self.hero, variables: ["id": "1000"]), .ok(json: #"{"data":{"hero":{"name":"Luke"}}}"#))
            // Other white space, commas and field order: the same operation.
            let same =
                #"{"query":"query Hero($id: ID!) {\n  hero(id: $id) {\n    friends { name }\n    name\n  }\n}","variables":{"id":"1000"}}"#
            let (status, body) = try await Self.post(host, same)
            #expect(status == 200)
            #expect(body.contains("Luke"))
            // GET, as GraphQL over HTTP sends a query.
            var components = URLComponents(url: try host.url("/graphql"), resolvingAgainstBaseURL: false)!
            components.queryItems = [
                URLQueryItem(name: "query", value: Self.hero), URLQueryItem(name: "variables", value: #"{"id":"1000"}"#)
            ]
            let (data, response) = try await host.session.data(from: components.url!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self).contains("Luke"))
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aMissSaysWhichPartDiffered(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host in
            host.stub(try .graphQL(Self.hero, variables: ["id": "1000"]), .ok(json: #"{"data":{}}"#))
            let (status, report) = try await Self.post(
                host,
                #"{"query":"query Hero($id: ID!) { hero(id: $id) { name friends { name } } }","variables":{"id":"2001"}}"#
            )
            #expect(status == 404)
            #expect(report.contains("GraphQL variables do not match"))
            #expect(report.contains(#"{"id":"2001"}"#))
            #expect(!report.contains("GraphQL query does not match"))
            let (_, aliased) = try await Self.post(
                host,
                #"{"query":"query Hero($id: ID!) { hero(id: $id) { heroName: name friends { name } } }","variables":{"id":"1000"}}"#
            )
            #expect(aliased.contains("GraphQL query does not match"))
        }
    }

    @Test func aBatchIsAnsweredByTheStubForOneOfItsOperations() async throws {
        try await withStubServer(strict: false) { server in
            server.stub(try .graphQL("{ me { id } }"), .ok(json: #"[{"data":{"me":{"id":1}}},{"data":{"hero":null}}]"#))
            let (status, body) = try await Self.post(
                server, #"[{"query":"{ hero { name } }"},{"query":"{ me { id } }"}]"#)
            #expect(status == 200)
            #expect(body.hasPrefix("[{"))
        }
    }

    @Test(arguments: StubTransport.allCases)
    func anAnswerTemplatedFromTheVariablesAndOperationName(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host in
            host.stub(
                try .graphQL(Self.hero, variablesMatching: [try .jsonPath("$.id")], operationName: "Hero"),
                .ok(
                    body:
                        #"{"data":{"hero":{"id":"{{request.graphql.variables.id}}","by":"{{request.graphql.operationName}}"}}}"#
                )
                .templated())
            let (status, body) = try await Self.post(
                host, #"{"query":"\#(Self.hero)","variables":{"id":"2001"},"operationName":"Hero"}"#)
            #expect(status == 200)
            #expect(body == #"{"data":{"hero":{"id":"2001","by":"Hero"}}}"#)
        }
    }

    @Test func aQueryThatIsNotGraphQLIsRefusedWithItsPlace() {
        #expect(
            throws: GraphQLSyntaxError(message: "expected a name, found the end of the document", line: 1, column: 8)
        ) {
            _ = try RequestPattern.graphQL("{ hero ")
        }
    }
}
