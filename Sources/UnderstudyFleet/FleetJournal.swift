import Foundation
import Logging
import PostgresNIO
import Synchronization
import UnderstudyCore
import UnderstudyJSON

/// The fleet's one journal. Each node hands every answered request to its writer
/// (``served(_:response:engine:)``, on the thread that completed it: an append under a lock),
/// and a flush writes what is pending in one multi-row insert, at most ``FleetConfiguration/flushInterval``
/// later. While the database is out of reach, up to ``FleetConfiguration/pendingLimit`` events
/// wait; more are counted as lost (``lost``) and reported in `GET /__admin/fleet`, never dropped
/// silently.
///
/// Verification does not trust the clock: it bumps the fleet's flush epoch, every node flushes
/// when it hears of it and records the epoch it flushed for, and the reader waits until every live
/// node has (``FleetNode/readBarrier()``). A request answered before the verification began was
/// pending on its node when the node heard, so it is in the journal by then.
final class FleetJournal: ServeListener {
    struct Pending {
        var events: [ServeEvent] = []
        var lost = 0
        var served = 0
    }

    let client: PostgresClient
    let fleet: String
    let node: String
    let limit: Int
    let logger: Logger
    private let pending = Mutex(Pending())
    /// One flush at a time, so a node's events go in in the order it served them.
    private let flushing = Mutex(())

    init(client: PostgresClient, configuration: FleetConfiguration, logger: Logger) {
        self.client = client
        self.fleet = configuration.name
        self.node = configuration.node
        self.limit = configuration.pendingLimit
        self.logger = logger
    }

    /// Requests served here, waiting to be written, and lost because too many waited.
    var counts: (pending: Int, lost: Int, served: Int) {
        pending.withLock { ($0.events.count, $0.lost, $0.served) }
    }

    func served(_ decision: ServeDecision, response: LoggedResponse, engine: StubEngine) {
        guard let event = engine.journal.recentEvent(id: decision.eventID) else { return }
        pending.withLock { pending in
            pending.served += 1
            if pending.events.count < limit {
                pending.events.append(event)
            } else {
                pending.lost += 1
            }
        }
    }

    /// Writes every pending event in one insert; on failure they stay pending (in order, ahead of
    /// newer ones) for the next flush. Returns how many were written.
    @discardableResult
    func flush() async throws -> Int {
        // Not held across the await: the lock guards the take-and-put-back, the epoch below the order.
        let batch = pending.withLock { pending in
            let batch = pending.events
            pending.events.removeAll(keepingCapacity: true)
            return batch
        }
        guard !batch.isEmpty else { return 0 }
        do {
            try await insert(batch)
            return batch.count
        } catch {
            pending.withLock { pending in
                let room = max(0, limit - batch.count)
                let newer = pending.events.prefix(room)
                pending.lost += pending.events.count - newer.count
                pending.events = batch + newer
            }
            throw error
        }
    }

    private func insert(_ batch: [ServeEvent]) async throws {
        var ids: [UUID] = []
        var times: [Int64] = []
        var texts: [String] = []
        ids.reserveCapacity(batch.count)
        times.reserveCapacity(batch.count)
        texts.reserveCapacity(batch.count)
        for event in batch {
            ids.append(event.id)
            times.append(Int64((event.request.loggedDate.timeIntervalSince1970 * 1000).rounded()))
            texts.append(JSONWriter.string(event.json))
        }
        _ = try await client.execute(
            InsertServeEvents(fleet: fleet, node: node, ids: ids, times: times, events: texts), logger: logger)
    }

    /// Every request in the shared journal, oldest first, newest `capacity` at most.
    func load(capacity: Int) async throws -> [ServeEvent] {
        var events: [ServeEvent] = []
        let rows = try await client.query(
            """
            SELECT event FROM (
                SELECT seq, logged_at, event FROM understudy_serve_events WHERE fleet = \(fleet)
                ORDER BY seq DESC LIMIT \(capacity)) AS newest
            ORDER BY logged_at, seq
            """, logger: logger)
        for try await text in rows.decode(String.self) {
            do {
                events.append(try ServeEvent(json: JSONValue(parsing: text)))
            } catch {
                logger.warning("a shared journal entry could not be read: \(error)")
            }
        }
        return events
    }
}

/// The journal's multi-row insert: one statement with four arrays, whatever the batch size.
struct InsertServeEvents: PostgresPreparedStatement {
    static let sql = """
        INSERT INTO understudy_serve_events (fleet, node, id, logged_at, event)
        SELECT $1, $2, * FROM unnest($3::uuid[], $4::bigint[], $5::text[])
        """
    typealias Row = ()

    var fleet: String
    var node: String
    var ids: [UUID]
    var times: [Int64]
    var events: [String]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(fleet)
        bindings.append(node)
        bindings.append(ids)
        bindings.append(times)
        bindings.append(events)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {}
}
