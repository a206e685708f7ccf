import Foundation
import UnderstudyCore
import UnderstudyJSON

/// `/__admin/requests`: the request journal.
extension WireMockAdminAPI {
    static func addRequestRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "requests") { try $0.listRequests($1) }
        router.add("DELETE", "requests") { api, _ in api.resetJournal() }
        // Removed in WireMock 3.0, still called by 2.x clients such as python-wiremock.
        router.add("POST", "requests/reset") { api, _ in api.resetJournal() }
        router.add("GET", "requests/{id}") { try $0.getRequest($1) }
        router.add("DELETE", "requests/{id}") { try $0.deleteRequest($1) }
        router.add("POST", "requests/count") { try $0.countRequests($1) }
        router.add("POST", "requests/find") { try $0.findRequests($1) }
        router.add("POST", "requests/remove") { try $0.removeRequests($1) }
        router.add("POST", "requests/remove-by-metadata") { try $0.removeRequestsByMetadata($1) }
        router.add("GET", "requests/unmatched") { api, _ in
            api.loggedRequests(api.engine.journal.unmatchedEvents.map(\.request))
        }
        router.add("GET", "requests/unmatched/near-misses") { api, _ in api.unmatchedNearMisses() }
    }

    var journalDisabled: JSONValue { .bool(!engine.journal.isEnabled) }

    /// Newest first. `unmatched=true` and `matchingStub=<id>` narrow the list and `total`;
    /// `since` (ISO-8601, exclusive) and `limit` then narrow the page. `format=har` answers the
    /// page as an HTTP Archive (HAR 1.2) instead.
    func listRequests(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        var events = engine.journal.events
        if call.query("unmatched") == "true" { events = events.filter { !$0.wasMatched } }
        if let text = call.query("matchingStub") {
            guard let id = UUID(uuidString: text) else {
                throw AdminFailure(
                    status: 400, title: "Query parameter matchingStub value '\(text)' is not a valid UUID",
                    pointer: "matchingStub")
            }
            events = events.filter { $0.stub?.id == id }
        }
        let total = events.count
        var page = Array(events.reversed())
        if let text = call.query("since") {
            guard let since = ISO8601.parse(text) else {
                throw AdminFailure(status: 400, title: "\(text) is not a valid ISO8601 date", pointer: "since")
            }
            page = page.filter { $0.request.loggedDate > since }
        }
        if let limit = try call.count("limit") { page = Array(page.prefix(limit)) }
        if call.query("format")?.lowercased() == "har" {
            // HAR lists entries in the order they happened.
            return .json(HARExport.document(page.reversed(), creatorVersion: version))
        }
        return .json([
            "requests": .array(page.map(\.json)), "meta": ["total": .int(total)],
            "requestJournalDisabled": journalDisabled
        ])
    }

    func resetJournal() -> AdminResponse {
        engine.journal.reset()
        return Self.ok
    }

    func getRequest(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let id = try call.uuid()
        guard let event = engine.journal.event(id: id) else {
            throw .notFound("No request with id \(id.lowercasedString)")
        }
        return .json(event.json)
    }

    /// WireMock answers 200 whether or not the event was there.
    func deleteRequest(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        engine.journal.remove(id: try call.uuid())
        return Self.ok
    }

    func countRequests(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let pattern = try call.decode(RequestPattern.init(json:))
        return .json(["count": .int(engine.journal.count(matching: pattern)), "requestJournalDisabled": journalDisabled]
        )
    }

    /// Logged requests, not serve events, oldest first.
    func findRequests(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let pattern = try call.decode(RequestPattern.init(json:))
        return loggedRequests(engine.journal.requests(matching: pattern))
    }

    func removeRequests(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let pattern = try call.decode(RequestPattern.init(json:))
        let removed = engine.journal.removeAll { pattern.matches(MatchContext(request: $0.request)) }
        return .json(["serveEvents": .array(removed.map(\.json))])
    }

    /// Removes the events served by stubs whose metadata matches.
    func removeRequestsByMetadata(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let pattern = try call.decode(StringValuePattern.init(json:))
        let removed = engine.journal.removeAll { event in
            event.stub.map { Self.metadata(of: $0, matches: pattern) } ?? false
        }
        return .json(["serveEvents": .array(removed.map(\.json))])
    }

    func loggedRequests(_ requests: [LoggedRequest]) -> AdminResponse {
        .json(["requests": .array(requests.map(\.json)), "requestJournalDisabled": journalDisabled])
    }

    /// Up to three near misses for each unmatched request, concatenated.
    func unmatchedNearMisses() -> AdminResponse {
        let misses = engine.journal.unmatchedEvents.flatMap { engine.store.nearMisses(to: $0.request) }
        return .json(["nearMisses": .array(misses.map(\.json))])
    }
}
