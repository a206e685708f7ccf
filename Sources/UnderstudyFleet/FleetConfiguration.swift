import Foundation
import UnderstudyCore

/// How a server joins a fleet: which database, which fleet, and the limits it keeps.
public struct FleetConfiguration: Sendable {
    /// The fleet's PostgreSQL.
    public var database: FleetDatabaseURL
    /// Servers with the same database and fleet name are one stub server to their users.
    public var name: String
    /// This server's name among them (in `GET /__admin/fleet` and in errors); unique per fleet.
    public var node: String
    /// Where this node's users reach it, shown in `GET /__admin/fleet`.
    public var address: String?
    /// Scenario steps while the database is out of reach (`--fleet-when-detached`).
    public var whenDetached: SharedScenarioFallback = .serveLocally
    /// How long a served request may wait before its node writes it to the shared journal.
    public var flushInterval: Duration = .milliseconds(5)
    /// How often a node says it is alive, and catches up on changes it may have missed.
    public var heartbeatInterval: Duration = .milliseconds(250)
    /// A node not heard from for this long is not waited for by verification.
    public var liveness: Duration = .seconds(3)
    /// How long verification waits for every live node to write what it served before it began.
    public var verificationWait: Duration = .seconds(2)
    /// How long a scenario step or an admin change waits for the database before it is treated
    /// as out of reach.
    public var databaseTimeout: Duration = .seconds(1)
    /// How long joining waits for the database (schema, first heartbeat, the change log) before
    /// the node gives up and does not start.
    public var joinTimeout: Duration = .seconds(10)
    /// Connections a node opens to the database at most: one listens, the rest write the journal,
    /// heartbeat, take scenario steps and log changes. 30 nodes of 8 need `max_connections` of 240.
    public var maximumConnections = 8
    /// Connections kept open even when idle (the listener's among them): a connection's start
    /// (TLS, SCRAM's key stretching) is the slowest part of a first scenario step.
    public var minimumConnections = 2
    /// Served requests a node holds while the database is out of reach; more are counted as lost.
    public var pendingLimit = 100_000
    /// The shared journal keeps the newest this many requests, fleet-wide.
    public var journalCapacity = RequestJournal.defaultCapacity
    /// Requests older than this are removed from the shared journal.
    public var journalRetention: Duration = .seconds(24 * 60 * 60)
    /// A member not heard from for this long is removed from `GET /__admin/fleet` (a node that
    /// left cleanly removes itself at once; one that was killed stays listed, as not live, until
    /// then).
    public var memberRetention: Duration = .seconds(60 * 60)

    /// A configuration with the defaults above. The node name defaults to the host name and the
    /// process id.
    public init(database: FleetDatabaseURL, name: String = "default", node: String? = nil) {
        self.database = database
        self.name = name
        self.node = node ?? "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
    }
}
