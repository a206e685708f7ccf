import Foundation
import RealWorldSupport
import UnderstudyCore
import UnderstudyGraphQL
import UnderstudyJSON
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Star Wars schema as a contract, loaded once: introspection is computed when it is made.
enum SWAPI {
    static let contract: Task<GraphQLSchemaContract, any Error> = Task {
        try await GraphQLSchemaContract.make(try GraphQLSchemaModel.load(RealWorldGraphQL.swapiSchema))
    }
}

/// A real server whose engine has `contract`, for one test, and a URLSession client for it.
struct SchemaServer {
    let server: StubHTTPServer
    let engine: StubEngine

    static func with<T>(
        _ contract: any ContractChecker, stubs: [String] = [], _ body: (SchemaServer) async throws -> T
    ) async throws -> T {
        let engine = StubEngine()
        engine.contract = contract
        for stub in stubs { try engine.store.add(StubMapping(jsonText: stub)) }
        var configuration = StubServerConfiguration(port: 0)
        configuration.logger.logLevel = .error
        let server = try await StubHTTPServer.start(engine: engine, configuration: configuration)
        do {
            let result = try await body(SchemaServer(server: server, engine: engine))
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// POSTs `{"query": …, "variables": …}` to `/graphql` over URLSession.
    func post(_ query: String, variables: JSONValue? = nil, accept: String = "application/json") async throws
        -> (status: Int, json: JSONValue, contentType: String)
    {
        var object: JSONObject = ["query": .string(query)]
        if let variables { object["variables"] = variables }
        return try await send(JSONWriter.data(.object(object)), accept: accept)
    }

    func send(_ body: Data, method: String = "POST", path: String = "/graphql", accept: String = "application/json")
        async throws -> (status: Int, json: JSONValue, contentType: String)
    {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + path)!)
        request.httpMethod = method
        if method != "GET" {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.setValue(accept, forHTTPHeaderField: "Accept")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        return (
            http?.statusCode ?? 0, (try? JSONParser.parse(data)) ?? .string(String(decoding: data, as: UTF8.self)),
            http?.value(forHTTPHeaderField: "Content-Type") ?? ""
        )
    }
}
