import Foundation
import Logging
import PostgresNIO
import Synchronization
import UnderstudyCore
import UnderstudyJSON

/// The fleet's admin changes: written to `understudy_changes` with the fleet's next version, and
/// replayed by every node, its own included, in version order through its own admin API. A node
/// hears of a change on the fleet's channel (LISTEN/NOTIFY), and its heartbeat compares versions,
/// so a notification missed while cut off is caught up on by itself.
final class FleetChangeLog: Sendable {
    let client: PostgresClient
    let fleet: String
    let node: String
    let timeout: Duration
    let logger: Logger
    let local: any AdminRequestHandler
    /// The last version replayed here. Replaying holds this lock, so changes go in one at a time.
    private let applied = Mutex<Int64>(0)
    /// What this node's admin API answered to its own changes, until their callers take it.
    private let answers = Mutex<[Int64: AdminResponse]>([:])

    init(client: PostgresClient, configuration: FleetConfiguration, local: any AdminRequestHandler, logger: Logger) {
        self.client = client
        self.fleet = configuration.name
        self.node = configuration.node
        self.timeout = configuration.databaseTimeout
        self.local = local
        self.logger = logger
    }

    var appliedVersion: Int64 { applied.withLock { $0 } }

    /// Writes `change` as the fleet's next version, with the database side of what it does to
    /// scenarios and the journal, then replays every change up to it here and answers what this
    /// node's admin API answered. Blocks: call it where the admin API runs.
    func publish(_ change: FleetChange, effects: [FleetChangeEffect]) throws -> AdminResponse {
        let client = self.client
        let fleet = self.fleet
        let logger = self.logger
        let version = try BlockingWait.run(timeout: timeout) {
            try await client.withTransaction(logger: logger) { connection -> Int64 in
                var version: Int64 = 0
                for try await next in try await connection.query(
                    """
                    INSERT INTO understudy_fleets AS f (fleet, version) VALUES (\(fleet), 1)
                    ON CONFLICT (fleet) DO UPDATE SET version = f.version + 1 RETURNING version
                    """, logger: logger
                ).decode(Int64.self) {
                    version = next
                }
                _ = try await connection.query(
                    """
                    INSERT INTO understudy_changes (fleet, version, node, method, url, content_type, body)
                    VALUES (\(fleet), \(version), \(change.node), \(change.method), \(change.url),
                            \(change.contentType), \(ByteBuffer(data: change.body)))
                    """, logger: logger)
                for effect in effects { try await effect.apply(fleet: fleet, on: connection, logger: logger) }
                let note = #"{"fleet":"# + JSONString.quote(fleet) + #","version":\#(version)}"#
                _ = try await connection.query("SELECT pg_notify('understudy_fleet', \(note))", logger: logger)
                return version
            }
        }
        try catchUp()
        return answers.withLock { $0.removeValue(forKey: version) }
            ?? AdminResponse.json(["errors": [["code": 500, "title": "The fleet lost its own change"]]], status: 500)
    }

    /// Replays every change after the last one replayed here. Blocks.
    func catchUp() throws {
        try applied.withLock { applied in
            let client = self.client
            let fleet = self.fleet
            let logger = self.logger
            let after = applied
            let changes = try BlockingWait.run(timeout: timeout) {
                var changes: [FleetChange] = []
                let rows = try await client.query(
                    """
                    SELECT version, node, method, url, content_type, body FROM understudy_changes
                    WHERE fleet = \(fleet) AND version > \(after) ORDER BY version
                    """, logger: logger)
                for try await (version, node, method, url, contentType, body) in rows.decode(
                    (Int64, String, String, String, String?, ByteBuffer).self)
                {
                    changes.append(
                        FleetChange(
                            version: version, node: node, method: method, url: url, contentType: contentType,
                            body: Data(buffer: body)))
                }
                return changes
            }
            for change in changes {
                let answer = local.handle(change.request)
                if answer.status >= 400 {
                    logger.notice(
                        "fleet change \(change.version) (\(change.method) \(change.url)) answered \(answer.status)")
                }
                if change.node == node { answers.withLock { $0[change.version] = answer } }
                applied = change.version
            }
        }
    }
}

/// What an admin change does in the database besides being logged: the scenario states and the
/// shared journal live there, not in any node.
enum FleetChangeEffect: Sendable, Equatable {
    /// Every scenario back to Started (a scenario without a row is in Started).
    case resetScenarios
    /// One scenario set to a state.
    case setScenario(String, String)
    /// The shared journal emptied.
    case clearJournal

    func apply(fleet: String, on connection: PostgresConnection, logger: Logger) async throws {
        switch self {
        case .resetScenarios:
            _ = try await connection.query("DELETE FROM understudy_scenarios WHERE fleet = \(fleet)", logger: logger)
        case .setScenario(let name, let state):
            _ = try await connection.query(
                """
                INSERT INTO understudy_scenarios (fleet, name, state) VALUES (\(fleet), \(name), \(state))
                ON CONFLICT (fleet, name) DO UPDATE SET state = EXCLUDED.state
                """, logger: logger)
        case .clearJournal:
            _ = try await connection.query(
                "DELETE FROM understudy_serve_events WHERE fleet = \(fleet)", logger: logger)
        }
    }
}

/// A JSON string literal, for the notification payloads.
enum JSONString {
    static func quote(_ text: String) -> String {
        String(decoding: JSONWriter.data(.string(text)), as: UTF8.self)
    }
}
