import Foundation
import UnderstudyCore
import UnderstudyGraphQL
import UnderstudyJSON

/// GraphQL figures on the public Star Wars schema: what the schema's validation adds to a stubbed
/// operation, what a made-up answer costs, and a full introspection query, each next to the same
/// operation answered by a stub with no schema.
enum GraphQLBenchmark {
    static let schema = URL(fileURLWithPath: "../shared/realworld/graphql/swapi/schema.graphql")

    /// The rows, for the engine table.
    static func run() async throws -> [[String]] {
        var table = Table()
        guard FileManager.default.fileExists(atPath: schema.path) else {
            print("graphql: \(schema.path) is missing; skipped")
            return []
        }
        let loads = (0..<5).map { _ in Measure.once { _ = try? GraphQLSchemaModel.load(schema) } }
        let model = try GraphQLSchemaModel.load(schema)
        var contract: GraphQLSchemaContract?
        let made = try await ContinuousClock().measure { contract = try await GraphQLSchemaContract.make(model) }
        table.add(
            "load the Star Wars schema (median of 5)", loads.sorted()[2].micros,
            "introspection computed once: \(made.micros)",
            "")

        let query = """
            query Film($id: ID) { film(id: $id) { title episodeID director producers
              characterConnection(first: 3) { totalCount characters { name homeworld { name } } } } }
            """
        let body = JSONWriter.data(["query": .string(query), "variables": ["id": "ZmlsbXM6MQ=="]])
        let stub = try StubMapping(
            jsonText: """
                {"request":{"method":"POST","urlPath":"/graphql","customMatcher":{"name":"graphql-body-matcher",
                  "parameters":{"query":\(String(decoding: JSONWriter.data(.string(query)), as: UTF8.self)),"variables":{"id":"ZmlsbXM6MQ=="}}}},
                 "response":{"jsonBody":{"data":{"film":{"title":"A New Hope"}}}}}
                """)
        func serve(_ engine: StubEngine, _ body: Data) {
            serveInline(
                engine,
                LoggedRequest(
                    method: "POST", url: "/graphql", headers: ["Content-Type": "application/json"], body: body))
        }
        let plain = StubEngine(journal: RequestJournal(capacity: 1_000))
        try plain.store.add(stub)
        let checked = StubEngine(journal: RequestJournal(capacity: 1_000))
        try checked.store.add(stub)
        checked.contract = contract
        let mocked = StubEngine(journal: RequestJournal(capacity: 1_000))
        mocked.contract = contract

        let stubbed = Measure.cpuPerCall(iterations: 5_000) { serve(plain, body) }
        let validated = Measure.cpuPerCall(iterations: 5_000) { serve(checked, body) }
        let madeUp = Measure.cpuPerCall(iterations: 5_000) { serve(mocked, body) }
        table.add(
            "GraphQL operation, stubbed, validated against the schema (CPU)", validated.micros,
            "stubbed, no schema: \(stubbed.micros)", "validation adds \((validated - stubbed).micros)")
        table.add(
            "GraphQL operation answered from the schema (CPU)", madeUp.micros, "stubbed, no schema: \(stubbed.micros)",
            "outcomes cached per request")
        // The first sight of each operation: parsed, validated and made up (a new name each time).
        let fresh = (0..<2_000).map {
            JSONWriter.data([
                "query": .string(query.replacingOccurrences(of: "query Film", with: "query Film\($0)")),
                "variables": ["id": "ZmlsbXM6MQ=="]
            ])
        }
        var next = 0
        let firstSight = Measure.cpuPerCall(iterations: 400) {
            serve(mocked, fresh[next % fresh.count])
            next += 1
        }
        table.add("… the first time it is seen (CPU)", firstSight.micros, "", "parse, validate, make up")

        let introspection = JSONWriter.data([
            "query": .string(
                "{ __schema { types { kind name fields(includeDeprecated: true) { name args { name type { kind name ofType { kind name } } } type { kind name ofType { kind name ofType { kind name } } } } } } }"
            )
        ])
        let introspected = Measure.cpuPerCall(iterations: 200) { serve(mocked, introspection) }
        table.add("an IDE's introspection query (CPU)", introspected.micros, "", "")
        if !checked.journal.contractViolations.all.isEmpty || !mocked.journal.contractViolations.all.isEmpty {
            print("warning: the benchmark's operation broke the schema")
        }
        return table.rows
    }
}
