import Foundation
import RealWorldSupport
import Testing
import Understudy
import UnderstudyGraphQL
import UnderstudyJSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A schema on the Swift test API's hosts, over both transports (a socket and the in-process
/// URLProtocol), with URLSession: made-up answers pass strict mode, refusals fail it.
@Suite(.enabled(if: RealWorldGraphQL.isUsable, "needs ../shared/realworld/graphql/swapi"))
struct SchemaOnHostsTests {
    static func post(_ host: any StubHost, _ query: String) async throws -> JSONValue {
        var request = URLRequest(url: try host.url("/graphql"))
        request.httpMethod = "POST"
        request.httpBody = JSONWriter.data(["query": .string(query)])
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, _) = try await host.session.data(for: request)
        return try JSONParser.parse(data)
    }

    static let query = "{ allStarships(first: 2) { starships { name length crew } } }"

    @Test(arguments: [StubTransport.server, .inProcess])
    func aValidOperationIsAnsweredFromTheSchemaAndPassesStrictMode(transport: StubTransport) async throws {
        let contract = try await SWAPI.contract.value
        let check: (any StubHost) async throws -> Void = { host in
            host.stub(
                try .graphQL("{ starship(id: \"1\") { name } }"),
                .ok(json: #"{"data":{"starship":{"name":"Millennium Falcon"}}}"#))
            let stubbed = try await Self.post(host, "query { starship(id: \"1\") { name } }")
            #expect(stubbed["data"]?["starship"]?["name"] == "Millennium Falcon")
            let made = try await Self.post(host, Self.query)
            #expect(made["data"]?["allStarships"]?["starships"]?.arrayValue?.count == 2)
        }
        switch transport {
        case .server: try await withStubServer(openAPI: contract) { try await check($0) }
        default: try await withInProcessStubs(openAPI: contract) { try await check($0) }
        }
    }

    @Test(arguments: [StubTransport.server, .inProcess])
    func anInvalidOperationIsRefusedAndFailsStrictMode(transport: StubTransport) async throws {
        let contract = try await SWAPI.contract.value
        let check: (any StubHost) async throws -> Void = { host in
            let refused = try await Self.post(host, "{ allStarships { starships { warpFactor } } }")
            #expect(refused["errors"]?[0]?["message"]?.stringValue?.contains("warpFactor") == true)
            #expect(host.contractViolations.count == 1)
            #expect(throws: StrictModeFailure.self) { try host.verifyStrictMode() }
        }
        switch transport {
        case .server: try await withStubServer(openAPI: contract, strict: false) { try await check($0) }
        default: try await withInProcessStubs(openAPI: contract, strict: false) { try await check($0) }
        }
    }
}
