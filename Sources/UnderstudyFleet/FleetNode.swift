import Dispatch
import Foundation
import Logging
import NIOPosix
import PostgresNIO
import Synchronization
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyJSON

/// One server's membership in a fleet: every server started with the same database and fleet name
/// is one stub server to its users.
///
/// - Admin changes are logged in PostgreSQL with the fleet's next version and replayed by every
///   node through its own admin API, in version order (`FleetChangeLog`). Matching never waits
///   for the database: each node serves from its own store.
/// - Scenario steps are compare-and-sets in the database (`FleetScenarioStates`), taken once
///   fleet-wide.
/// - Every answered request goes to one shared journal within a few milliseconds
///   (`FleetJournal`); verification on any node waits until every live node has written what it
///   served before the verification began.
///
/// Give the server ``admin`` as its admin API. Join before the server starts taking requests.
public final class FleetNode: Sendable {
    /// What this node joined with.
    public let configuration: FleetConfiguration
    let engine: StubEngine
    /// This node's own admin API, which replays the fleet's changes.
    let local: any AdminRequestHandler
    let client: PostgresClient
    /// The client's event loop, shut down when the node leaves.
    private let loop: MultiThreadedEventLoopGroup
    let logger: Logger
    let health = FleetHealth()
    let changes: FleetChangeLog
    let journal: FleetJournal?
    let scenarios: FleetScenarioStates
    /// The flush epoch the newest verification asked for, and the one this node has flushed for.
    private let requestedEpoch = Atomic<Int64>(0)
    /// Requests this node has written since its last retention run.
    private let writtenSinceRetention = Atomic<Int>(0)
    /// Cuts the journal writer's pause short when a verification asks for a flush.
    private let flushWakeup = FlushWakeup()
    private let flushedEpoch = Atomic<Int64>(0)
    private let catchUpQueued = Atomic<Bool>(false)
    private let applyQueue = DispatchQueue(label: "understudy.fleet.apply")
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let address: Mutex<String?>
    /// Feeds this node's journal to the shared one while it is a member.
    private let following = Mutex<[ObservationToken]>([])

    /// The admin API to serve: the fleet's view, with this node's own API behind it.
    public var admin: any AdminRequestHandler { FleetAdmin(node: self) }

    private init(
        configuration: FleetConfiguration, engine: StubEngine, local: any AdminRequestHandler,
        client: PostgresClient, loop: MultiThreadedEventLoopGroup, logger: Logger
    ) {
        self.loop = loop
        self.configuration = configuration
        self.engine = engine
        self.local = local
        self.client = client
        self.logger = logger
        self.address = Mutex(configuration.address)
        self.changes = FleetChangeLog(client: client, configuration: configuration, local: local, logger: logger)
        self.journal =
            engine.journal.isEnabled
            ? FleetJournal(client: client, journal: engine.journal, configuration: configuration, logger: logger) : nil
        self.scenarios = FleetScenarioStates(
            client: client, configuration: configuration, health: health, logger: logger)
    }

    /// Joins the fleet: applies the schema, replays every change the fleet has made, adopts its
    /// scenario states, and starts listening, heartbeating and flushing.
    /// - Parameters:
    ///   - configuration: the database, the fleet's and this node's names, and the limits.
    ///   - engine: this server's stub world, as loaded from its folder (every node should be
    ///     started on the same folder).
    ///   - local: this server's own admin API over `engine`, which replays the fleet's changes.
    ///   - logger: where the node says what it does: joining, losing and regaining the database.
    /// - Throws: ``FleetError`` when the database cannot be reached or its schema is newer.
    public static func join(
        _ configuration: FleetConfiguration, engine: StubEngine, admin local: any AdminRequestHandler,
        logger: Logger = Logger(label: "understudy.fleet")
    ) async throws -> FleetNode {
        // The database client's own loop: a TLS set-up that reads the system's trust store, or a
        // slow round trip, never holds up the server's loops.
        let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let client = PostgresClient(
            configuration: try configuration.database.clientConfiguration(
                minimumConnections: configuration.minimumConnections,
                maximumConnections: configuration.maximumConnections),
            eventLoopGroup: loop, backgroundLogger: logger)
        let node = FleetNode(
            configuration: configuration, engine: engine, local: local, client: client, loop: loop, logger: logger)
        node.spawn { await client.run() }
        do {
            try await withDeadline(configuration.joinTimeout) {
                try await FleetMigrations.apply(client, logger: logger)
                try await node.heartbeat()
            }
            node.spawn { await node.listen() }
            try await node.onApplyQueue { try node.changes.catchUp() }
            try await node.adoptScenarioStates()
        } catch {
            await node.stopTasks()
            if let fleetError = error as? FleetError { throw fleetError }
            throw FleetError.unavailable("\(configuration.database.redacted): \(String(reflecting: error))")
        }
        engine.store.shareScenarios(with: node.scenarios)
        if let journal = node.journal { node.following.withLock { $0 = journal.follow(engine.journal) } }
        node.spawn { await node.heartbeats() }
        node.spawn { await node.housekeeping() }
        node.spawn { await node.flushes() }
        logger.notice(
            "joined fleet \(configuration.name) as \(configuration.node) on \(configuration.database.redacted), at change \(node.changes.appliedVersion)"
        )
        return node
    }

    /// Where this node's users reach it, shown in `GET /__admin/fleet` from the next heartbeat.
    public func announce(address: String) {
        self.address.withLock { $0 = address }
    }

    /// Leaves the fleet: writes what is pending, removes this node from the members, closes.
    public func leave() async {
        following.withLock { tokens in for token in tokens { token.cancel() } }
        await stopTasks(keepingClient: true)
        _ = try? await withDeadline(.seconds(2)) { [self] in
            try await journal?.flush(insertLimit: .seconds(2))
            _ = try await client.query(
                "DELETE FROM understudy_members WHERE fleet = \(configuration.name) AND node = \(configuration.node)",
                logger: logger)
        }
        await stopTasks()
    }

    // MARK: Tasks

    private func spawn(_ work: @escaping @Sendable () async -> Void) {
        let task = Task { await work() }
        tasks.withLock { $0.append(task) }
    }

    /// Cancels the loops; the pool's own task last, unless asked to keep it for a last word.
    private func stopTasks(keepingClient: Bool = false) async {
        let running = tasks.withLock { tasks in
            let loops = keepingClient ? Array(tasks.dropFirst()) : tasks
            tasks = keepingClient ? Array(tasks.prefix(1)) : []
            return loops
        }
        for task in running.reversed() { task.cancel() }
        for task in running { await task.value }
        if !keepingClient { try? await loop.shutdownGracefully() }
    }

    /// Runs blocking fleet work (replaying changes through the admin API) on a queue of its own,
    /// never on the task pool.
    private func onApplyQueue(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            applyQueue.async {
                do {
                    try work()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Replays new changes soon; several calls before it runs make one catch-up.
    func queueCatchUp() {
        guard !catchUpQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        applyQueue.async { [self] in
            catchUpQueued.store(false, ordering: .releasing)
            do { try changes.catchUp() } catch { logger.warning("fleet catch-up failed: \(error)") }
        }
    }

    /// Takes the database's scenario states as this node's copy; a scenario without a row is in Started.
    private func adoptScenarioStates() async throws {
        var shared: [String: String] = [:]
        for try await (name, state) in try await client.query(
            "SELECT name, state FROM understudy_scenarios WHERE fleet = \(configuration.name)", logger: logger
        ).decode((String, String).self) {
            shared[name] = state
        }
        for name in engine.store.scenarioStates.keys {
            engine.store.adoptScenarioState(name, shared[name] ?? scenarioStartedState)
        }
    }

    // MARK: Listening

    /// The fleet's channel: changes, scenario moves and flush requests. Reconnects by itself, and
    /// catches up on what it may have missed meanwhile.
    private func listen() async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: "understudy_fleet") { notifications in
                        queueCatchUp()
                        for try await notification in notifications { heard(notification.payload) }
                    }
                }
            } catch {
                if !Task.isCancelled, health.failed(databaseErrorText(error)) {
                    logger.warning("fleet database out of reach: \(databaseErrorText(error))")
                }
            }
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    private func heard(_ payload: String) {
        guard case .object(let note)? = try? JSONValue(parsing: payload),
            note["fleet"]?.stringValue == configuration.name
        else { return }
        if note["version"] != nil { queueCatchUp() }
        if let scenario = note["scenario"]?.stringValue, let state = note["state"]?.stringValue {
            engine.store.adoptScenarioState(scenario, state)
        }
        if case .number(let number)? = note["flush"], let epoch = number.intValue.map(Int64.init) {
            requestFlush(epoch)
        }
    }

    // MARK: Heartbeat

    private func heartbeats() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: configuration.heartbeatInterval)
            do {
                try await withDeadline(configuration.databaseTimeout) { [self] in
                    try await heartbeat()
                }
            } catch {
                // Leaving cancels the loops; that is not the database's doing.
                guard !Task.isCancelled else { return }
                if health.failed(databaseErrorText(error)) {
                    logger.warning("fleet database out of reach: \(databaseErrorText(error))")
                }
            }
        }
    }

    /// The retention job's loop, apart from the heartbeat: a long delete or a vacuum never makes
    /// this node look silent, and its failure is logged, not taken for the database's absence.
    private func housekeeping() async {
        var beat = 0
        var behind = false
        var removedSinceVacuum = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: configuration.heartbeatInterval)
            beat += 1
            // Every 40 beats; every beat while the last run left old rows behind, or once this
            // node alone has written half the journal's capacity since (a flood).
            let flood = writtenSinceRetention.load(ordering: .relaxed) > configuration.journalCapacity / 2
            guard behind || flood || beat % 40 == 0, health.isReachable else { continue }
            writtenSinceRetention.store(0, ordering: .relaxed)
            do {
                let removed = try await withDeadline(configuration.databaseTimeout * 5) { [self] in
                    try await removeOldRows()
                }
                behind = removed >= Self.retentionChunk
                removedSinceVacuum += removed
                if !behind, removedSinceVacuum >= configuration.journalCapacity {
                    removedSinceVacuum = 0
                    try await withDeadline(configuration.databaseTimeout * 30) { [self] in try await vacuumJournal() }
                }
            } catch {
                guard !Task.isCancelled else { return }
                behind = false
                logger.warning("fleet retention job failed (it runs again later): \(databaseErrorText(error))")
            }
        }
    }

    /// Says this node is alive and how it is doing, and catches up on what it missed.
    private func heartbeat() async throws {
        let counts = journal?.counts ?? (pending: 0, lost: 0, served: 0)
        let fleet = configuration.name
        _ = try await client.query(
            """
            INSERT INTO understudy_members AS m
                (fleet, node, address, applied_version, flushed_epoch, served, pending, lost, local_steps)
            VALUES (\(fleet), \(configuration.node), \(address.withLock { $0 }), \(changes.appliedVersion),
                    \(flushedEpoch.load(ordering: .relaxed)), \(counts.served), \(counts.pending), \(counts.lost),
                    \(health.localSteps.load(ordering: .relaxed)))
            ON CONFLICT (fleet, node) DO UPDATE SET heartbeat_at = now(), address = EXCLUDED.address,
                applied_version = EXCLUDED.applied_version, flushed_epoch = EXCLUDED.flushed_epoch,
                served = EXCLUDED.served, pending = EXCLUDED.pending, lost = EXCLUDED.lost,
                local_steps = EXCLUDED.local_steps
            """, logger: logger)
        var head: (version: Int64, epoch: Int64) = (0, 0)
        for try await row in try await client.query(
            "SELECT version, flush_epoch FROM understudy_fleets WHERE fleet = \(fleet)", logger: logger
        ).decode((Int64, Int64).self) {
            head = row
        }
        if health.succeeded() {
            logger.notice("fleet database reachable again; catching up and writing what waited")
            try await adoptScenarioStates()
        }
        if head.version > changes.appliedVersion { queueCatchUp() }
        if head.epoch > flushedEpoch.load(ordering: .relaxed) { requestFlush(head.epoch) }
    }

    /// The retention job: the newest ``FleetConfiguration/journalCapacity`` requests, none older
    /// than ``FleetConfiguration/journalRetention``, and no member silent for longer than
    /// ``FleetConfiguration/memberRetention``. Any node may run it, one at a time; it is
    /// idempotent. Answers how many requests it removed: a full chunk leaves more for the next run.
    private func removeOldRows() async throws -> Int {
        let fleet = configuration.name
        let silence = Double(configuration.memberRetention.components.seconds)
        let oldest = Int64(
            (Date().timeIntervalSince1970 - Double(configuration.journalRetention.components.seconds)) * 1000)
        let capacity = configuration.journalCapacity
        let chunk = Self.retentionChunk
        return try await client.withTransaction(logger: logger) { connection in
            // One node at a time: nodes deleting the same rows together only wait for each other.
            var mine = false
            for try await taken in try await connection.query(
                "SELECT pg_try_advisory_xact_lock(hashtextextended('understudy retention ' || \(fleet), 0))",
                logger: logger
            ).decode(Bool.self) {
                mine = taken
            }
            guard mine else { return 0 }
            _ = try await connection.query(
                """
                DELETE FROM understudy_members WHERE fleet = \(fleet)
                    AND heartbeat_at < now() - make_interval(secs => \(silence))
                """, logger: logger)
            // In chunks, oldest first: after a flood a run takes its share and leaves the rest
            // to the next beat, rather than one statement over a million rows.
            var deleted = 0
            for try await count in try await connection.query(
                """
                WITH doomed AS (
                    SELECT seq FROM understudy_serve_events WHERE fleet = \(fleet) AND (logged_at < \(oldest)
                        OR seq <= coalesce((SELECT seq FROM understudy_serve_events WHERE fleet = \(fleet)
                                            ORDER BY seq DESC OFFSET \(capacity) LIMIT 1), 0))
                    ORDER BY seq LIMIT \(chunk)),
                gone AS (
                    DELETE FROM understudy_serve_events WHERE fleet = \(fleet) AND seq IN (SELECT seq FROM doomed)
                    RETURNING 1)
                SELECT count(*)::bigint FROM gone
                """, logger: logger
            ).decode(Int64.self) {
                deleted = Int(count)
            }
            return deleted
        }
    }

    /// Vacuums and analyzes the journal's table once the retention job has cut it back after a
    /// flood: with the planner's figures and the heap from before, reading the newest requests
    /// sorted every row the flood left (87 ms for 200,000, where the index takes a few).
    private func vacuumJournal() async throws {
        _ = try await client.query("VACUUM (ANALYZE) understudy_serve_events", logger: logger)
    }

    /// Rows the retention job deletes in one run at most.
    static let retentionChunk = 20_000

    // MARK: Journal

    func requestFlush(_ epoch: Int64) {
        var current = requestedEpoch.load(ordering: .relaxed)
        while current < epoch {
            let (exchanged, original) = requestedEpoch.compareExchange(
                expected: current, desired: epoch, ordering: .relaxed)
            if exchanged {
                flushWakeup.wake()
                return
            }
            current = original
        }
    }

    /// How long one journal insert may take before it is retried (its rows are skipped if it
    /// went in after all): longer than a round trip, since a batch after an outage is big.
    static let insertLimit: Duration = .seconds(5)

    /// One writer per node, so its requests go in in the order it served them.
    private func flushes() async {
        while !Task.isCancelled {
            await flushWakeup.pause(configuration.flushInterval)
            guard !Task.isCancelled else { return }
            let epoch = requestedEpoch.load(ordering: .relaxed)
            do {
                let written = try await journal?.flush(insertLimit: Self.insertLimit) ?? 0
                writtenSinceRetention.add(written, ordering: .relaxed)
                try await journal?.writeAnswers()
                try await withDeadline(configuration.databaseTimeout) { [self] in
                    guard epoch > flushedEpoch.load(ordering: .relaxed) else { return }
                    _ = try await client.query(
                        """
                        UPDATE understudy_members SET flushed_epoch = greatest(flushed_epoch, \(epoch)), heartbeat_at = now()
                        WHERE fleet = \(configuration.name) AND node = \(configuration.node)
                        """, logger: logger)
                    flushedEpoch.store(epoch, ordering: .relaxed)
                }
            } catch {
                guard !Task.isCancelled else { return }
                if health.failed(databaseErrorText(error)) {
                    logger.warning("fleet journal cannot be written: \(databaseErrorText(error))")
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// Waits until every live node has written what it served before this call began.
    func readBarrier() async throws {
        let fleet = configuration.name
        var epoch: Int64 = 0
        for try await bumped in try await client.query(
            """
            WITH bumped AS (
                INSERT INTO understudy_fleets AS f (fleet, flush_epoch) VALUES (\(fleet), 1)
                ON CONFLICT (fleet) DO UPDATE SET flush_epoch = f.flush_epoch + 1 RETURNING flush_epoch)
            SELECT flush_epoch, pg_notify('understudy_fleet', json_build_object('fleet', \(fleet), 'flush', flush_epoch)::text)::text
            FROM bumped
            """, logger: logger
        ).decode((Int64, String).self) {
            epoch = bumped.0
        }
        requestFlush(epoch)
        let liveness =
            Double(configuration.liveness.components.seconds)
            + Double(configuration.liveness.components.attoseconds) / 1e18
        let started = ContinuousClock.now
        while true {
            var behind: [String] = []
            for try await node in try await client.query(
                """
                SELECT node FROM understudy_members WHERE fleet = \(fleet) AND flushed_epoch < \(epoch)
                AND heartbeat_at > now() - make_interval(secs => \(liveness)) ORDER BY node
                """, logger: logger
            ).decode(String.self) {
                behind.append(node)
            }
            if behind.isEmpty { return }
            let waited = ContinuousClock.now - started
            if waited > configuration.verificationWait { throw FleetError.journalBehind(nodes: behind, waited: waited) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// The admin API over the shared journal (and this node's stubs), once every live node has
    /// written what it served. Blocks: call it where the admin API runs.
    func sharedJournalView() throws -> WireMockAdminAPI {
        guard journal != nil else {
            return WireMockAdminAPI(engine: StubEngine(store: engine.store, journal: RequestJournal(capacity: 0)))
        }
        let capacity = configuration.journalCapacity
        let events = try BlockingWait.run(timeout: configuration.verificationWait + configuration.databaseTimeout) {
            [self] in try await sharedEvents()
        }
        let view = StubEngine(
            store: engine.store, journal: RequestJournal(capacity: max(capacity, 1), events: events),
            files: engine.files, settings: engine.settings)
        return WireMockAdminAPI(engine: view)
    }

    /// Waits until every live node has written what it served before this call began, so that
    /// emptying the shared journal next also empties it of requests still on their way. Blocks.
    func awaitEveryNodeFlushed() throws {
        guard journal != nil else { return }
        try BlockingWait.run(timeout: configuration.verificationWait + configuration.databaseTimeout) { [self] in
            try await readBarrier()
        }
    }

    /// Every request any live node answered before this call began, from the shared journal;
    /// asynchronous, for callers on the cooperative pool.
    func sharedEvents() async throws -> [ServeEvent] {
        guard let journal else { return [] }
        try await readBarrier()
        return try await journal.load(capacity: configuration.journalCapacity, stubs: engine.store)
    }

    /// Removes these requests from the shared journal. Blocks.
    func removeFromSharedJournal(_ ids: [UUID]) throws {
        try BlockingWait.run(timeout: configuration.databaseTimeout) { [self] in
            _ = try await client.query(
                "DELETE FROM understudy_serve_events WHERE fleet = \(configuration.name) AND id = ANY(\(ids))",
                logger: logger)
        }
    }
}
