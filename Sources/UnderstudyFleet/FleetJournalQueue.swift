import Foundation
import UnderstudyCore

/// What a node has served and not yet written to the shared journal, kept behind one lock by
/// ``FleetJournal``; no database here, so each step can be tested on its own.
///
/// A request is queued as it is recorded, before its response goes out. Its response and notes
/// land on it wherever it is when they come:
/// - still queued: on its row (`positions` finds it, no search of the node's journal);
/// - taken by a flush and not yet prepared for its insert: set aside (`late`), and put on the row
///   when the flush prepares it;
/// - prepared without a response: the row goes in without one and is marked `unanswered`, so the
///   response, when it comes, queues an update (`answered`).
/// Taking the late parts and marking happen in one step under the lock, so every response finds
/// one of the three.
struct FleetJournalQueue {
    /// How many written-but-unanswered requests are remembered for an update; older ones stay
    /// without their response (a stream held open for hours, say).
    static let unansweredLimit = 10_000

    /// A response, its timing and notes that came for a row a flush had taken.
    struct LateParts {
        var response: LoggedResponse?
        var timing: ServeTiming?
        var subEvents: [SubEvent] = []
    }

    /// How many may wait; more are counted as lost.
    let limit: Int
    private(set) var events: [FleetJournalRow] = []
    /// Where each of `events` is, by id.
    private var positions: [UUID: Int] = [:]
    /// The rows the flush under way has taken and not yet prepared, and what came for them.
    private var taken: [UUID: Int] = [:]
    private var late: [UUID: LateParts] = [:]
    /// Taken by a flush and not yet written.
    private(set) var inFlight = 0
    /// An insert failed since the last flush that went through: it may have gone in anyway.
    private(set) var mayHaveGoneIn = false
    private(set) var lost = 0
    private(set) var served = 0
    /// Written before their response went out: completing one queues an update.
    private(set) var unanswered: Set<UUID> = []
    /// Written without their response, which has gone out since.
    private var answered: [UUID] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Waiting to be written, including what a flush holds.
    var waiting: Int { events.count + inFlight }

    mutating func record(_ event: ServeEvent) {
        served += 1
        guard waiting < limit else {
            lost += 1
            return
        }
        positions[event.id] = events.count
        events.append(FleetJournalRow(event))
    }

    mutating func complete(_ id: UUID, response: LoggedResponse, timing: ServeTiming?, subEvents: [SubEvent]) {
        if let index = positions[id] {
            events[index].response = response
            if let timing { events[index].timing = timing }
            events[index].subEvents.append(contentsOf: subEvents)
        } else if taken[id] != nil {
            late[id, default: LateParts()].response = response
            if let timing { late[id, default: LateParts()].timing = timing }
            late[id, default: LateParts()].subEvents.append(contentsOf: subEvents)
        } else if unanswered.remove(id) != nil {
            answered.append(id)
        }
    }

    /// Notes added after the response (a webhook's outcome). Once the row is written they are
    /// kept only in the node's own journal.
    mutating func note(_ id: UUID, _ notes: [SubEvent]) {
        if let index = positions[id] {
            events[index].subEvents.append(contentsOf: notes)
        } else if taken[id] != nil {
            late[id, default: LateParts()].subEvents.append(contentsOf: notes)
        }
    }

    /// Everything queued, for a flush, and whether its inserts must skip rows already written.
    mutating func take() -> (rows: [FleetJournalRow], skippingWritten: Bool) {
        var rows: [FleetJournalRow] = []
        swap(&rows, &events)
        // As many as came in the last interval will come in the next: grown from empty, the
        // array was copied nine times over for 500 events.
        events.reserveCapacity(rows.count)
        // The queue's positions become the taken rows' (the taken ones, empty since the last
        // flush, become the queue's): no set built per flush.
        swap(&taken, &positions)
        positions.removeAll(keepingCapacity: true)
        inFlight = rows.count
        return (rows, mayHaveGoneIn)
    }

    /// These taken rows as they go into one insert: with what came for them meanwhile, and those
    /// still unanswered marked for an update.
    mutating func prepare(_ rows: ArraySlice<FleetJournalRow>) -> [FleetJournalRow] {
        rows.map { row in
            var row = row
            taken.removeValue(forKey: row.id)
            if let parts = late.removeValue(forKey: row.id) { Self.apply(parts, to: &row) }
            if row.response == nil, unanswered.count < Self.unansweredLimit { unanswered.insert(row.id) }
            return row
        }
    }

    /// One insert went in; `left` rows of the flush are still to go.
    mutating func wrote(leaving left: Int) {
        inFlight = left
    }

    /// The flush went through.
    mutating func flushed(skippedWritten: Bool) {
        if skippedWritten { mayHaveGoneIn = false }
        taken.removeAll(keepingCapacity: true)
        late.removeAll()
        inFlight = 0
    }

    /// An insert failed: `unwritten` (prepared or not) goes back ahead of what came since, in
    /// order, with what came for it meanwhile; beyond the limit the newest are counted as lost.
    mutating func restore(_ unwritten: [FleetJournalRow]) {
        inFlight = 0
        mayHaveGoneIn = true
        var rows = unwritten
        for index in rows.indices {
            // Queued again: its response lands on the row, not as an update.
            unanswered.remove(rows[index].id)
            if let parts = late.removeValue(forKey: rows[index].id) { Self.apply(parts, to: &rows[index]) }
        }
        taken.removeAll(keepingCapacity: true)
        late.removeAll()
        let room = max(0, limit - rows.count)
        let kept = events.prefix(room)
        lost += events.count - kept.count
        events = rows + kept
        positions.removeAll(keepingCapacity: true)
        // A loop, not Dictionary(uniqueKeysWithValues:): two rows may share an id (the same
        // request served twice through the engine's API), and the later one wins, as in `record`.
        for (index, row) in events.enumerated() { positions[row.id] = index }
    }

    /// The ids whose rows went in without the response that has gone out since.
    mutating func takeAnswered() -> [UUID] {
        defer { answered.removeAll() }
        return answered
    }

    /// An update of those rows failed: they are tried again.
    mutating func answersNotWritten(_ ids: [UUID]) {
        answered.append(contentsOf: ids)
    }

    private static func apply(_ parts: LateParts, to row: inout FleetJournalRow) {
        if let response = parts.response { row.response = response }
        if let timing = parts.timing { row.timing = timing }
        row.subEvents.append(contentsOf: parts.subEvents)
    }
}
