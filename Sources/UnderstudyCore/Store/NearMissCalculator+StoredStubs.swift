import Foundation

/// Near misses over the store's own entries live with the store: they use what the store keeps
/// for each stub (``NearMissKey``), so the near-miss code never needs to know the store.
extension NearMissCalculator {
    /// The stubs closest to matching `request` among a store's entries: a cheap lower bound from each stub's method and URL
    /// decides whether its full distance is worth computing, which keeps a miss among 10,000
    /// stubs well under a millisecond.
    public static func nearest(
        to request: LoggedRequest, among stubs: [StoredStub], scenarioStates: [String: String] = [:], limit: Int = count
    ) -> [NearMiss] {
        var ranking = Ranking(request: request, scenarioStates: scenarioStates, limit: limit)
        for i in stubs.indices {
            guard ranking.qualifies(stubs[i].nearMissKey.lowerBound(ranking.context)) else { continue }
            let mismatch = !stubs[i].stub.scenarioAllows(scenarioStates)
            let d = stubs[i].stub.request.distance(ranking.context, scenarioMismatch: mismatch)
            if ranking.qualifies(d) { ranking.insert(stubs[i].stub, distance: d, scenarioMismatch: mismatch) }
        }
        return ranking.best
    }
}
