import UnderstudyAdmin
import UnderstudyCore
import UnderstudyJSON

/// The dashboard's own reads, for what the admin API does not say (or says at too great a
/// length): the journal as summary lines, and where each stub was loaded from.
enum DashboardData {
    static func response(for route: DashboardRoute, engine: StubEngine) -> AdminResponse {
        switch route {
        case .nearMisses(let requestID):
            return DashboardNearMisses.response(requestID: requestID, engine: engine)
        case .requestSummaries:
            let events = engine.journal.events
            return .json([
                "requests": .array(events.reversed().map(DashboardRequestSummary.json(for:))),
                "journalCapacity": .int(engine.journal.capacity)
            ])
        case .stubSources:
            var sources = JSONObject()
            for stored in engine.store.storedStubs {
                if let path = stored.origin.filePath { sources[stored.stub.id.lowercasedString] = .string(path) }
            }
            return .json(["sources": .object(sources)])
        case .redirectToPage, .asset, .events, .session, .notFound:
            return AdminFailure.notFound("Not a dashboard read").response
        }
    }
}
