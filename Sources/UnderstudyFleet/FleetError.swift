/// What goes wrong in a fleet, said so that the user knows what to do.
public enum FleetError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The database URL cannot be read (the reason never includes the password).
    case badDatabaseURL(String)
    /// The database did not answer in time or refused; nothing changed there.
    case unavailable(String)
    /// Verification waited for these nodes to write their requests to the shared journal, and
    /// they did not in time.
    case journalBehind(nodes: [String], waited: Duration)
    /// The database holds a schema newer than this build knows.
    case schemaTooNew(found: Int, known: Int)

    /// What went wrong and what to do, without the database's password.
    public var description: String {
        switch self {
        case .badDatabaseURL(let reason):
            return "the fleet database URL cannot be used: \(reason)"
        case .unavailable(let reason):
            return "the fleet database cannot be reached: \(reason)"
        case .journalBehind(let nodes, let waited):
            return
                "fleet node(s) \(nodes.joined(separator: ", ")) did not write their requests to the shared journal within \(waited); verification would miss them"
        case .schemaTooNew(let found, let known):
            return
                "the fleet database has schema version \(found), newer than this build's \(known): upgrade understudy on every node"
        }
    }
}
