/// Where a fleet node sends one admin request: what is the fleet's goes through the database,
/// what is this node's stays here.
enum FleetRoute: Equatable {
    /// `GET /__admin/fleet`: the members and how far behind each is.
    case status
    /// Reads the journal: wait until every live node has written what it served, then answer
    /// from the shared journal.
    case journalRead
    /// Removes some requests from the journal: answered from the shared journal, and what it
    /// removed is removed there.
    case journalRemoval
    /// `DELETE /__admin/mappings/unmatched`: which stubs no request hit is a question for the
    /// whole fleet, answered as one removal per stub.
    case removeUnhitStubs
    /// A change to the stub world: logged, then replayed on every node, with its effects on the
    /// database's own state.
    case replicated([FleetChangeEffect])
    /// This node only: reads of its own state, its message journal and channels' history, shutdown.
    case local
    /// Not done in a fleet, with the reason.
    case refused(String)

    /// The route for `method` on `path` (the part after `/__admin/`).
    static func of(method: String, path: String) -> FleetRoute {
        let reads = method == "GET" || method == "HEAD"
        if path == "fleet" { return reads ? .status : .refused("Use GET /__admin/fleet") }
        if path.hasPrefix("recordings") {
            return reads
                ? .local
                : .refused(
                    "Recording is not done on a fleet node: record with a standalone understudy, then add the stubs through any node (POST /__admin/mappings/import)"
                )
        }
        if reads {
            return path == "requests" || path.hasPrefix("requests/") || path == "mappings/unmatched"
                ? .journalRead : .local
        }
        switch (method, path) {
        case ("POST", "requests/count"), ("POST", "requests/find"), ("POST", "near-misses/request-pattern"):
            return .journalRead
        case ("DELETE", "requests"), ("POST", "requests/reset"):
            return .replicated([.clearJournal])
        case ("POST", "requests/remove"), ("POST", "requests/remove-by-metadata"):
            return .journalRemoval
        case ("DELETE", _) where path.hasPrefix("requests/"):
            return .journalRemoval
        case ("DELETE", "mappings/unmatched"):
            return .removeUnhitStubs
        // As in WireMock, a reset of the mappings empties the journal too.
        case ("POST", "reset"), ("POST", "mappings/reset"):
            return .replicated([.resetScenarios, .clearJournal])
        case ("DELETE", "mappings"), ("POST", "scenarios/reset"):
            return .replicated([.resetScenarios])
        case ("POST", "shutdown"), ("POST", "near-misses/request"), ("POST", "mappings/find-by-metadata"),
            ("POST", "message-mappings/find-by-metadata"):
            return .local
        default:
            if path == "messages" || path.hasPrefix("messages/") || path.hasPrefix("openapi/") { return .local }
            return .replicated([])
        }
    }
}
