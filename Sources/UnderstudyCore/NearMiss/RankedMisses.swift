/// The closest `limit` misses seen so far, nearest first, kept in the order a full scan in match
/// order would leave them: by distance, and among equal distances by place in the match order
/// (`rank`). Stubs can therefore be offered in any order and the result is still the same.
///
/// Entries are only numbers until ``misses(from:)``: when thousands of stubs tie (every
/// `/items/N` is as far from `/no/such/thing`), each may displace the last, and that must cost
/// no more than a comparison and a small insert.
struct RankedMisses {
    let context: MatchContext
    let scenarioStates: [String: String]
    let limit: Int
    private var best: [(distance: Double, rank: Int, scenarioMismatch: Bool)] = []

    init(request: LoggedRequest, scenarioStates: [String: String], limit: Int) {
        context = MatchContext(request: request, scenarioStates: scenarioStates)
        self.scenarioStates = scenarioStates
        self.limit = limit
        best.reserveCapacity(limit + 1)
    }

    /// Whether a stub whose distance is at least `lowerBound` and whose place in match order is
    /// at least `minRank` might still get in (ties included: a tied stub earlier in match order
    /// would).
    func mayAdmit(_ lowerBound: Double, minRank: Int) -> Bool {
        guard best.count == limit, let last = best.last else { return true }
        return lowerBound < last.distance || (lowerBound == last.distance && minRank < last.rank)
    }

    /// Whether a miss at `distance` and `rank` gets in.
    func admits(_ distance: Double, rank: Int) -> Bool {
        guard best.count == limit, let last = best.last else { return limit > 0 }
        return distance < last.distance || (distance == last.distance && rank < last.rank)
    }

    /// Scores the stub at `rank` in `stubs` (the match order) unless `lowerBound`, which must be
    /// its ``NearMissKey`` bound, already rules it out. The stub is read in place, not copied:
    /// a copy retains every field, and this runs for each of thousands of tied stubs.
    mutating func consider(_ rank: Int, in stubs: [StoredStub], lowerBound: Double) {
        guard admits(lowerBound, rank: rank) else { return }
        let distance: Double
        let mismatch: Bool
        if stubs[rank].nearMissKey.boundIsDistance {
            (distance, mismatch) = (lowerBound, false)
        } else {
            mismatch = !stubs[rank].stub.scenarioAllows(scenarioStates)
            distance = stubs[rank].stub.request.distance(context, scenarioMismatch: mismatch)
            guard admits(distance, rank: rank) else { return }
        }
        let at =
            best.firstIndex { $0.distance > distance || ($0.distance == distance && $0.rank > rank) } ?? best.count
        best.insert((distance, rank, mismatch), at: at)
        if best.count > limit { best.removeLast() }
    }

    /// The misses, nearest first; `stubs` is the match order the ranks refer to.
    func misses(from stubs: [StoredStub]) -> [NearMiss] {
        best.map { entry in
            let stub = stubs[entry.rank].stub
            let state =
                entry.scenarioMismatch ? stub.scenarioName.map { scenarioStates[$0] ?? scenarioStartedState } : nil
            return NearMiss(request: context.request, stub: stub, distance: entry.distance, scenarioState: state)
        }
    }
}
