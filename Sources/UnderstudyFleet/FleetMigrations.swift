import Logging
import PostgresNIO

/// The fleet's tables, versioned here and applied in order on start. A migration is never edited
/// once released: a change is a new one at the end.
enum FleetMigrations {
    /// Each entry takes the schema from the version before it to its own number.
    static let all: [(version: Int, sql: [String])] = [
        (
            1,
            [
                // The fleet's version counter (bumped once per admin change) and its flush epoch
                // (bumped by each verification that waits for every node's journal).
                """
                CREATE TABLE understudy_fleets (
                    fleet text PRIMARY KEY,
                    version bigint NOT NULL DEFAULT 0,
                    flush_epoch bigint NOT NULL DEFAULT 0)
                """,
                // Every admin change, replayed in version order by every node.
                """
                CREATE TABLE understudy_changes (
                    fleet text NOT NULL,
                    version bigint NOT NULL,
                    node text NOT NULL,
                    method text NOT NULL,
                    url text NOT NULL,
                    content_type text,
                    body bytea NOT NULL,
                    made_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (fleet, version))
                """,
                // Scenario states; a scenario without a row is in Started.
                """
                CREATE TABLE understudy_scenarios (
                    fleet text NOT NULL,
                    name text NOT NULL,
                    state text NOT NULL,
                    PRIMARY KEY (fleet, name))
                """,
                """
                CREATE TABLE understudy_members (
                    fleet text NOT NULL,
                    node text NOT NULL,
                    address text,
                    started_at timestamptz NOT NULL DEFAULT now(),
                    heartbeat_at timestamptz NOT NULL DEFAULT now(),
                    applied_version bigint NOT NULL DEFAULT 0,
                    flushed_epoch bigint NOT NULL DEFAULT 0,
                    served bigint NOT NULL DEFAULT 0,
                    pending bigint NOT NULL DEFAULT 0,
                    lost bigint NOT NULL DEFAULT 0,
                    local_steps bigint NOT NULL DEFAULT 0,
                    PRIMARY KEY (fleet, node))
                """,
                // The shared journal: WireMock's serve event JSON, one row per request.
                """
                CREATE TABLE understudy_serve_events (
                    seq bigserial PRIMARY KEY,
                    fleet text NOT NULL,
                    node text NOT NULL,
                    id uuid NOT NULL,
                    logged_at bigint NOT NULL,
                    event text NOT NULL)
                """,
                "CREATE INDEX understudy_serve_events_fleet ON understudy_serve_events (fleet, seq)",
                // A batch retried after a timeout may have gone in already: its rows are skipped.
                "CREATE UNIQUE INDEX understudy_serve_events_id ON understudy_serve_events (fleet, id)",
                // One scenario step in one round trip: locks the scenario's row, picks the first
                // candidate whose required state it is in, moves it to that candidate's new state
                // and tells the other nodes. A scenario without a row is in Started. Arrays of
                // flags say which requirements and new states are there (nulls cannot be bound).
                """
                CREATE FUNCTION understudy_advance(
                    f text, n text, required text[], requires boolean[], next text[], moves boolean[])
                RETURNS TABLE (chosen integer, state text) LANGUAGE plpgsql AS $$
                DECLARE current_state text;
                BEGIN
                    SELECT s.state INTO current_state FROM understudy_scenarios AS s
                        WHERE s.fleet = f AND s.name = n FOR UPDATE;
                    IF NOT FOUND THEN
                        INSERT INTO understudy_scenarios AS s (fleet, name, state) VALUES (f, n, 'Started')
                            ON CONFLICT (fleet, name) DO NOTHING;
                        SELECT s.state INTO current_state FROM understudy_scenarios AS s
                            WHERE s.fleet = f AND s.name = n FOR UPDATE;
                    END IF;
                    FOR i IN 1 .. coalesce(array_length(required, 1), 0) LOOP
                        IF NOT requires[i] OR required[i] = current_state THEN
                            IF moves[i] AND next[i] <> current_state THEN
                                UPDATE understudy_scenarios AS s SET state = next[i]
                                    WHERE s.fleet = f AND s.name = n;
                                current_state := next[i];
                                PERFORM pg_notify('understudy_fleet',
                                    json_build_object('fleet', f, 'scenario', n, 'state', current_state)::text);
                            END IF;
                            RETURN QUERY SELECT i - 1, current_state;
                            RETURN;
                        END IF;
                    END LOOP;
                    RETURN QUERY SELECT -1, current_state;
                END $$
                """
            ]
        ),
        (
            2,
            [
                // Many steps of one scenario in one round trip, in order, under one lock: what a
                // node's requests for the scenario queued while the previous round trip was out
                // (`ScenarioStepQueue`). `steps` is a JSON array of steps, each an array of
                // candidates {"r": required or null, "n": new state or null}. One row per step:
                // its position, the candidate it took (-1 for none) and the state after it.
                """
                CREATE FUNCTION understudy_advance_many(f text, n text, steps jsonb)
                RETURNS TABLE (step integer, chosen integer, state text) LANGUAGE plpgsql AS $$
                DECLARE
                    current_state text;
                    moved boolean := false;
                    candidates jsonb;
                    candidate jsonb;
                    position integer := 0;
                    i integer;
                BEGIN
                    SELECT x.state INTO current_state FROM understudy_scenarios AS x
                        WHERE x.fleet = f AND x.name = n FOR UPDATE;
                    IF NOT FOUND THEN
                        INSERT INTO understudy_scenarios AS x (fleet, name, state) VALUES (f, n, 'Started')
                            ON CONFLICT (fleet, name) DO NOTHING;
                        SELECT x.state INTO current_state FROM understudy_scenarios AS x
                            WHERE x.fleet = f AND x.name = n FOR UPDATE;
                    END IF;
                    FOR candidates IN SELECT e.value FROM jsonb_array_elements(steps) WITH ORDINALITY AS e ORDER BY e.ordinality LOOP
                        chosen := -1;
                        i := 0;
                        FOR candidate IN SELECT c.value FROM jsonb_array_elements(candidates) WITH ORDINALITY AS c ORDER BY c.ordinality LOOP
                            IF candidate->>'r' IS NULL OR candidate->>'r' = current_state THEN
                                chosen := i;
                                IF candidate->>'n' IS NOT NULL AND candidate->>'n' <> current_state THEN
                                    current_state := candidate->>'n';
                                    moved := true;
                                END IF;
                                EXIT;
                            END IF;
                            i := i + 1;
                        END LOOP;
                        step := position;
                        state := current_state;
                        RETURN NEXT;
                        position := position + 1;
                    END LOOP;
                    IF moved THEN
                        UPDATE understudy_scenarios AS x SET state = current_state WHERE x.fleet = f AND x.name = n;
                        PERFORM pg_notify('understudy_fleet',
                            json_build_object('fleet', f, 'scenario', n, 'state', current_state)::text);
                    END IF;
                END $$
                """
            ]
        ),
        (
            3,
            [
                // The journal grows by thousands of rows a second and is cut back to its capacity:
                // PostgreSQL's defaults (analyze after 10% changed, checked every minute) leave the
                // planner with figures from before a flood, and reading the newest requests then
                // sorts the whole table. Analyze and vacuum it by row counts instead.
                """
                ALTER TABLE understudy_serve_events SET (
                    autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 5000,
                    autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000)
                """
            ]
        ),
        (
            4,
            [
                // Every read and the retention job go by (fleet, seq); an index of seq alone was
                // one more b-tree for PostgreSQL to keep up on every row a node writes.
                "ALTER TABLE understudy_serve_events DROP CONSTRAINT understudy_serve_events_pkey"
            ]
        )
    ]

    /// The newest schema this build knows.
    static var latest: Int { all.last?.version ?? 0 }

    /// Brings the database to ``latest``; several nodes starting at once take turns on a lock.
    static func apply(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            // One node at a time; the lock ends with the transaction.
            _ = try await connection.query("SELECT pg_advisory_xact_lock(7465737400)", logger: logger)
            _ = try await connection.query(
                "CREATE TABLE IF NOT EXISTS understudy_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: logger)
            var current = 0
            for try await version in try await connection.query(
                "SELECT coalesce(max(version), 0) FROM understudy_schema_migrations", logger: logger
            ).decode(Int.self) {
                current = version
            }
            guard current <= latest else { throw FleetError.schemaTooNew(found: current, known: latest) }
            for migration in all where migration.version > current {
                for statement in migration.sql {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                _ = try await connection.query(
                    "INSERT INTO understudy_schema_migrations (version) VALUES (\(migration.version))", logger: logger)
                logger.info("fleet database schema migrated to version \(migration.version)")
            }
        }
    }
}
