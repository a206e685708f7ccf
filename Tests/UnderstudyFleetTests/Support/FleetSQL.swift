import Logging
import PostgresNIO
import UnderstudyFleet

/// Statements run on the test database directly, to set up or look at what no node would.
enum FleetSQL {
    static func run(_ sql: String) async throws {
        try await withClient { client, logger in
            _ = try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
    }

    /// The single integer `sql` answers (a count).
    static func integer(_ sql: String) async throws -> Int {
        try await withClient { client, logger in
            var answer = 0
            for try await value in try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                .decode(Int64.self)
            {
                answer = Int(value)
            }
            return answer
        }
    }

    /// A client of the test database for the length of `body`.
    private static func withClient<T: Sendable>(
        _ body: @escaping @Sendable (PostgresClient, Logger) async throws -> T
    ) async throws -> T {
        guard let text = FleetDatabase.url else { throw FleetTestError("UNDERSTUDY_FLEET_DATABASE is not set") }
        let url = try FleetDatabaseURL(text)
        let configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: .disable)
        let logger = Logger(label: "fleet-sql")
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            let answer = try await body(client, logger)
            group.cancelAll()
            return answer
        }
    }
}
