import Logging
import PostgresNIO
import UnderstudyFleet

/// A statement run on the test database directly, to set up what no node would do.
enum FleetSQL {
    static func run(_ sql: String) async throws {
        guard let text = FleetDatabase.url else { throw FleetTestError("UNDERSTUDY_FLEET_DATABASE is not set") }
        let url = try FleetDatabaseURL(text)
        let configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: .disable)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "fleet-sql"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            _ = try await client.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "fleet-sql"))
            group.cancelAll()
        }
    }

    /// The single integer `sql` answers (a count).
    static func integer(_ sql: String) async throws -> Int {
        guard let text = FleetDatabase.url else { throw FleetTestError("UNDERSTUDY_FLEET_DATABASE is not set") }
        let url = try FleetDatabaseURL(text)
        let configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database,
            tls: .disable)
        let client = PostgresClient(configuration: configuration, backgroundLogger: Logger(label: "fleet-sql"))
        return try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            var answer = 0
            for try await value in try await client.query(
                PostgresQuery(unsafeSQL: sql), logger: Logger(label: "fleet-sql")
            )
            .decode(Int64.self) {
                answer = Int(value)
            }
            group.cancelAll()
            return answer
        }
    }
}
