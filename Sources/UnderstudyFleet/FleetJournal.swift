import Foundation
import Logging
import PostgresNIO
import Synchronization
import UnderstudyCore
import UnderstudyJSON

/// The fleet's one journal. Each node hands it every request as the node's own journal records
/// it (before the response goes out, so a client that has its answer can count on the request
/// being known), and a flush writes what is pending in multi-row inserts at most
/// ``FleetConfiguration/flushInterval`` later, with the response when it has gone out by then (a
/// delayed or streamed one may be written without it). While the database is out of reach, up to
/// ``FleetConfiguration/pendingLimit`` events wait; more are counted as lost (`counts`) and
/// reported in `GET /__admin/fleet`, never dropped silently.
///
/// Verification does not trust the clock: it bumps the fleet's flush epoch, every node flushes
/// when it hears of it and records the epoch it flushed for, and the reader waits until every live
/// node has (`FleetNode.readBarrier()`). A request answered before the verification began was
/// recorded on its node before that, so it is written by then. What waits, and how a response
/// that comes late finds its row, is ``FleetJournalQueue``'s.
final class FleetJournal: Sendable {
    let client: PostgresClient
    /// This node's own journal, which has each request's response once it is out.
    let journal: RequestJournal
    let fleet: String
    let node: String
    let logger: Logger
    private let pending: Mutex<FleetJournalQueue>

    init(client: PostgresClient, journal: RequestJournal, configuration: FleetConfiguration, logger: Logger) {
        self.client = client
        self.journal = journal
        self.fleet = configuration.name
        self.node = configuration.node
        self.logger = logger
        self.pending = Mutex(FleetJournalQueue(limit: configuration.pendingLimit))
    }

    /// Requests served here, waiting to be written, and lost because too many waited.
    var counts: (pending: Int, lost: Int, served: Int) {
        pending.withLock { ($0.waiting, $0.lost, $0.served) }
    }

    /// Takes every request `journal` records from now on, every response it completes and every
    /// note added to one, until the tokens are cancelled.
    func follow(_ journal: RequestJournal) -> [ObservationToken] {
        [
            journal.observe { [weak self] event in self?.pending.withLock { $0.record(event) } },
            journal.observeCompletions { [weak self] done in
                self?.pending.withLock {
                    $0.complete(done.id, response: done.response, timing: done.timing, subEvents: done.subEvents)
                }
            },
            journal.observeSubEvents { [weak self] id, notes in self?.pending.withLock { $0.note(id, notes) } }
        ]
    }

    /// Most events one insert carries: a batch that waited through an outage goes in in parts.
    static let chunk = 500

    /// Writes every pending event, in inserts of up to ``chunk``; each insert may take
    /// `insertLimit`. On failure the events not written stay pending, in order, ahead of newer
    /// ones. An insert that timed out may still have gone in: until a flush has gone through,
    /// the inserts skip the rows they find (``InsertServeEventsSkippingWritten``), so nothing is
    /// counted twice.
    ///
    /// Writes what was pending when it began, and no more: under a steady stream of requests a
    /// flush still ends, and the flush epoch it answers is recorded.
    @discardableResult
    func flush(insertLimit: Duration) async throws -> Int {
        // Taken whole in one swap: removing chunks from the front of the shared array moved
        // everything behind them under the lock that each request being served waits on.
        let (owed, skippingWritten) = pending.withLock { $0.take() }
        var written = 0
        while written < owed.count {
            let batch = pending.withLock { $0.prepare(owed[written..<min(owed.count, written + Self.chunk)]) }
            do {
                try await withDeadline(insertLimit) { try await self.insert(batch, skippingWritten: skippingWritten) }
            } catch {
                pending.withLock { $0.restore(batch + owed[(written + batch.count)...]) }
                throw error
            }
            written += batch.count
            pending.withLock { $0.wrote(leaving: owed.count - written) }
        }
        pending.withLock { $0.flushed(skippedWritten: skippingWritten) }
        return written
    }

    private func insert(_ batch: [FleetJournalRow], skippingWritten: Bool) async throws {
        var ids: [UUID] = []
        var times: [Int64] = []
        var texts: [String] = []
        ids.reserveCapacity(batch.count)
        times.reserveCapacity(batch.count)
        texts.reserveCapacity(batch.count)
        for row in batch {
            ids.append(row.id)
            times.append(Int64((row.request.loggedDate.timeIntervalSince1970 * 1000).rounded()))
            texts.append(FleetEventCodec.encode(row))
        }
        let rows = ServeEventRows(fleet: fleet, node: node, ids: ids, times: times, events: texts)
        if skippingWritten {
            _ = try await client.execute(InsertServeEventsSkippingWritten(rows: rows), logger: logger)
        } else {
            _ = try await client.execute(InsertServeEvents(rows: rows), logger: logger)
        }
    }

    /// Rewrites the rows of requests written before their response went out, now that it has.
    func writeAnswers() async throws {
        let ids = pending.withLock { $0.takeAnswered() }
        guard !ids.isEmpty else { return }
        let events = journal.recentEvents(ids: ids)
        do {
            _ = try await client.execute(
                UpdateServeEvents(
                    fleet: fleet, ids: events.map(\.id), events: events.map(FleetEventCodec.encode)),
                logger: logger)
        } catch {
            pending.withLock { $0.answersNotWritten(ids) }
            throw error
        }
    }

    /// The events this node has read from the shared journal, by id, so that each read fetches
    /// only what is new.
    private let read = Mutex<[UUID: ReadEvent]>([:])

    /// One event read from the shared journal, shared by reference between reads.
    final class ReadEvent: Sendable {
        let seq: Int64
        let time: Double
        let event: ServeEvent

        init(seq: Int64, event: ServeEvent) {
            self.seq = seq
            self.time = event.request.loggedDate.timeIntervalSince1970
            self.event = event
        }
    }

    /// Every request in the shared journal, oldest first, the newest `capacity` at most.
    ///
    /// Lists the ids first (an index scan), then fetches only the events it has not read before.
    /// Going by ids rather than by "everything after the last sequence number read" is what keeps
    /// it exact: inserts from several nodes commit out of sequence order, and removals and the
    /// retention job delete rows a reader had read.
    func load(capacity: Int, stubs: StubStore) async throws -> [ServeEvent] {
        // One row of two arrays: PostgresNIO reads an array in one go, where 10,000 rows cost
        // an async step each.
        var current: [(seq: Int64, id: UUID)] = []
        for try await (seqs, ids) in try await client.query(
            """
            SELECT coalesce(array_agg(seq), '{}'), coalesce(array_agg(id), '{}') FROM (
                SELECT seq, id FROM understudy_serve_events WHERE fleet = \(fleet)
                ORDER BY seq DESC LIMIT \(capacity)) AS newest
            """, logger: logger
        ).decode(([Int64], [UUID]).self) {
            current = Array(zip(seqs, ids))
        }
        let known = read.withLock { $0 }
        var events: [UUID: ReadEvent] = [:]
        events.reserveCapacity(current.count)
        var missing: [UUID] = []
        for (_, id) in current {
            if let event = known[id] { events[id] = event } else { missing.append(id) }
        }
        var start = 0
        while start < missing.count {
            let part = Array(missing[start..<min(missing.count, start + 1000)])
            start += part.count
            for try await (seqs, texts) in try await client.query(
                """
                SELECT coalesce(array_agg(seq), '{}'), coalesce(array_agg(event), '{}')
                FROM understudy_serve_events WHERE fleet = \(fleet) AND id = ANY(\(part))
                """, logger: logger
            ).decode(([Int64], [String]).self) {
                for (seq, text) in zip(seqs, texts) {
                    do {
                        let event = try FleetEventCodec.decode(text, store: stubs)
                        events[event.id] = ReadEvent(seq: seq, event: event)
                    } catch {
                        logger.warning("a shared journal entry could not be read: \(error)")
                    }
                }
            }
        }
        read.withLock { $0 = events }
        return events.values.sorted { ($0.time, $0.seq) < ($1.time, $1.seq) }.map(\.event)
    }
}

/// The journal's multi-row insert: one statement with three arrays, whatever the batch size.
/// Plain, for batches never tried before; ``InsertServeEventsSkippingWritten`` after a failure.
struct InsertServeEvents: ServeEventsInsert {
    static let sql = """
        INSERT INTO understudy_serve_events (fleet, node, id, logged_at, event)
        SELECT $1, $2, * FROM unnest($3::uuid[], $4::bigint[], $5::text[])
        """
    var rows: ServeEventRows
}

/// The insert that skips rows already there: an insert that timed out may have gone in after
/// all. Checking every row's id costs PostgreSQL about a third more per row, so it is used only
/// after a failure, until a flush has gone through.
struct InsertServeEventsSkippingWritten: ServeEventsInsert {
    static let sql = InsertServeEvents.sql + "\nON CONFLICT (fleet, id) DO NOTHING"
    var rows: ServeEventRows
}

/// One insert's rows, as arrays.
struct ServeEventRows: Sendable {
    var fleet: String
    var node: String
    var ids: [UUID]
    var times: [Int64]
    var events: [String]
}

protocol ServeEventsInsert: PostgresPreparedStatement where Row == () {
    var rows: ServeEventRows { get }
}

extension ServeEventsInsert {
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(rows.fleet)
        bindings.append(rows.node)
        bindings.append(rows.ids)
        bindings.append(rows.times)
        bindings.append(rows.events)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}
}

/// Rows written before their response went out, rewritten with it.
struct UpdateServeEvents: PostgresPreparedStatement {
    static let sql = """
        UPDATE understudy_serve_events AS e SET event = u.event
        FROM unnest($2::uuid[], $3::text[]) AS u(id, event) WHERE e.fleet = $1 AND e.id = u.id
        """
    typealias Row = ()

    var fleet: String
    var ids: [UUID]
    var events: [String]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(fleet)
        bindings.append(ids)
        bindings.append(events)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {}
}
