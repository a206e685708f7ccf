import Foundation
import Logging
import PostgresNIO
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyJSON

/// The admin API of a fleet node: the server hands it every `/__admin` request, and it sends
/// each where `FleetRoute` says. It runs where the admin API runs, on the server's off-loop
/// pool, and waits there for the database.
struct FleetAdmin: AdminRequestHandler {
    let node: FleetNode

    func handle(_ request: LoggedRequest) -> AdminResponse {
        let path = request.path.hasPrefix("/__admin/") ? String(request.path.dropFirst("/__admin/".count)) : ""
        do {
            switch FleetRoute.of(method: request.method, path: path) {
            case .status:
                return node.status()
            case .local:
                return node.local.handle(request)
            case .refused(let reason):
                return Self.error(409, reason)
            case .journalRead:
                return try node.sharedJournalView().handle(request)
            case .journalRemoval:
                return try removeFromJournal(request)
            case .removeUnhitStubs:
                return try removeUnhitStubs()
            case .replicated(let effects):
                return try replicate(request, path: path, effects: effects)
            }
        } catch let error as FleetError {
            if case .journalBehind = error { return Self.error(503, "\(error)") }
            return Self.error(503, "\(error); nothing was changed. Retry once the database is back.")
        } catch {
            return Self.error(503, "the fleet database failed: \(databaseErrorText(error)); nothing was changed")
        }
    }

    private func replicate(_ request: LoggedRequest, path: String, effects: [FleetChangeEffect]) throws -> AdminResponse
    {
        var effects = effects
        // A state the scenario does not have is refused here, before the database is changed.
        if request.method == "PUT", path.hasPrefix("scenarios/"), path.hasSuffix("/state") {
            let name = String(path.dropFirst("scenarios/".count).dropLast("/state".count))
            let decoded = name.removingPercentEncoding ?? name
            let state = (try? JSONValue(parsing: request.body))?["state"]?.stringValue ?? "Started"
            let scenario = node.engine.store.scenarios.first { $0.name == decoded }
            guard let scenario, scenario.possibleStates.contains(state) else { return node.local.handle(request) }
            effects.append(.setScenario(decoded, state))
        }
        // A request served just before a reset may not be written yet; it would land after the
        // journal was emptied and be counted by the next verification.
        if effects.contains(.clearJournal) { try node.awaitEveryNodeFlushed() }
        let filled = FleetIDs.fill(request, path: path)
        let change = FleetChange(
            version: 0, node: node.configuration.node, method: filled.method, url: filled.url,
            contentType: filled.headers.first("Content-Type"), body: filled.body)
        return try node.changes.publish(change, effects: effects)
    }

    /// Answers from the shared journal, then removes there what the answer removed.
    private func removeFromJournal(_ request: LoggedRequest) throws -> AdminResponse {
        let view = try node.sharedJournalView()
        let before = Set(view.engine.journal.events.map(\.id))
        let answer = view.handle(request)
        let removed = before.subtracting(view.engine.journal.events.map(\.id))
        if !removed.isEmpty { try node.removeFromSharedJournal(Array(removed)) }
        return answer
    }

    /// Finds the stubs no request in the shared journal hit, and removes each on every node.
    private func removeUnhitStubs() throws -> AdminResponse {
        let view = try node.sharedJournalView()
        let unhit = view.handle(LoggedRequest(method: "GET", url: "/__admin/mappings/unmatched"))
        guard case .object(let object)? = try? JSONValue(parsing: unhit.body),
            case .array(let stubs)? = object["mappings"]
        else { return unhit }
        for stub in stubs {
            guard let id = stub["id"]?.stringValue else { continue }
            let change = FleetChange(
                version: 0, node: node.configuration.node, method: "DELETE", url: "/__admin/mappings/\(id)",
                contentType: nil, body: Data())
            _ = try node.changes.publish(change, effects: [])
        }
        return unhit
    }

    static func error(_ status: Int, _ title: String) -> AdminResponse {
        .json(["errors": [["code": .int(status), "title": .string(title)]]], status: status)
    }
}
