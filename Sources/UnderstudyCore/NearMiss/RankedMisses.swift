/// The closest `limit` misses seen so far, nearest first, kept in the order a full scan in match
/// order would leave them: by distance, and among equal distances by place in the match order
/// (`rank`). Stubs can therefore be offered in any order and the result is still the same.
struct RankedMisses {
    let context: MatchContext
    let scenarioStates: [String: String]
    let limit: Int
    private(set) var best: [(miss: NearMiss, rank: Int)] = []

    init(request: LoggedRequest, scenarioStates: [String: String], limit: Int) {
        context = MatchContext(request: request, scenarioStates: scenarioStates)
        self.scenarioStates = scenarioStates
        self.limit = limit
        best.reserveCapacity(limit + 1)
    }

    /// Whether a stub whose distance is at least `lowerBound` might still get in (ties included:
    /// a tied stub earlier in match order would).
    func mayAdmit(_ lowerBound: Double) -> Bool {
        best.count < limit || lowerBound <= best[best.count - 1].miss.distance
    }

    /// Whether a miss at `distance` and `rank` gets in.
    func admits(_ distance: Double, rank: Int) -> Bool {
        guard best.count == limit, let last = best.last else { return limit > 0 }
        return distance < last.miss.distance || (distance == last.miss.distance && rank < last.rank)
    }

    /// Scores `stored` (at `rank` in match order) unless `lowerBound` already rules it out.
    mutating func consider(_ stored: StoredStub, rank: Int, lowerBound: Double) {
        guard admits(lowerBound, rank: rank) else { return }
        let stub = stored.stub
        let mismatch = !stub.scenarioAllows(scenarioStates)
        let distance = stub.request.distance(context, scenarioMismatch: mismatch)
        guard admits(distance, rank: rank) else { return }
        let state = mismatch ? stub.scenarioName.map { scenarioStates[$0] ?? scenarioStartedState } : nil
        let miss = NearMiss(request: context.request, stub: stub, distance: distance, scenarioState: state)
        let at =
            best.firstIndex { $0.miss.distance > distance || ($0.miss.distance == distance && $0.rank > rank) }
            ?? best.count
        best.insert((miss, rank), at: at)
        if best.count > limit { best.removeLast() }
    }

    var misses: [NearMiss] { best.map(\.miss) }
}
