import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyFleet

/// An insert that timed out may have gone in after all. The journal's inserts are plain (a third
/// cheaper for PostgreSQL) until one fails; then they skip the rows already there, so a request
/// is written once whatever happened to the attempt before.
@Suite(.serialized, .enabled(if: FleetDatabase.isUsable, "needs UNDERSTUDY_FLEET_DATABASE (Scripts/lib/postgres.sh)"))
struct FleetJournalRetryTests {
    @Test func rowsAnEarlierAttemptWroteAreNotWrittenTwice() async throws {
        // A long pause between flushes, so the requests are still waiting when the rows go in.
        let fleet = try await FleetOfServers.start(1) { $0.flushInterval = .seconds(1) }
        defer { Task { await fleet.stop() } }
        let node = fleet.nodes[0]
        for name in ["a", "b", "c"] { _ = try await node.get("/retry/\(name)") }

        // What an attempt that went in after its time-out would have left: two of the three rows.
        let served = node.engine.journal.events.filter { $0.request.url.hasPrefix("/retry/") }
        #expect(served.count == 3)
        for event in served.prefix(2) {
            let text = FleetEventCodec.encode(event).replacingOccurrences(of: "'", with: "''")
            // The time the node would give it: the retention job removes rows from long ago.
            let milliseconds = Int64((event.request.loggedDate.timeIntervalSince1970 * 1000).rounded())
            try await FleetSQL.run(
                """
                INSERT INTO understudy_serve_events (fleet, node, id, logged_at, event)
                VALUES ('\(fleet.name)', 'n0', '\(event.id.uuidString)', \(milliseconds), '\(text)')
                """)
        }

        // The node's plain insert meets them and fails; its next one skips them.
        for name in ["a", "b", "c"] { #expect(try await node.count(url: "/retry/\(name)") == 1, "\(name)") }
        let rows = try await FleetSQL.integer(
            "SELECT count(*)::bigint FROM understudy_serve_events WHERE fleet = '\(fleet.name)'")
        #expect(rows == 3)
    }
}
