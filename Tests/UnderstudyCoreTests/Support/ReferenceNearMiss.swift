@testable import UnderstudyCore

/// The near-miss search as it was before candidate pruning: every stub scored in match order,
/// the closest three kept, ties going to the stub first in match order. Kept here, unchanged, as
/// the reference the pruned search must agree with exactly (ranking, distances and diff text).
enum ReferenceNearMiss {
    static func nearest(
        to request: LoggedRequest, among stubs: [StubMapping], scenarioStates: [String: String], limit: Int = 3
    ) -> [NearMiss] {
        let context = MatchContext(request: request, scenarioStates: scenarioStates)
        var best: [NearMiss] = []
        for stub in stubs {
            let mismatch = !stub.scenarioAllows(scenarioStates)
            let d = stub.request.distance(context, scenarioMismatch: mismatch)
            guard best.count < limit || d < best[best.count - 1].distance else { continue }
            let state = mismatch ? stub.scenarioName.map { scenarioStates[$0] ?? scenarioStartedState } : nil
            let at = best.firstIndex { $0.distance > d } ?? best.count
            best.insert(NearMiss(request: request, stub: stub, distance: d, scenarioState: state), at: at)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}
