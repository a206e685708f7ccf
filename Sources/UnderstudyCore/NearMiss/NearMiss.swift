import Foundation

/// A stub that almost matched a request (or a request that almost matched a pattern), with
/// WireMock's distance: 0 is a match, 1 is nothing alike.
public struct NearMiss: Sendable {
    /// The request that missed.
    public var request: LoggedRequest
    /// Set when the miss is against a stub.
    public var stub: StubMapping?
    /// Set when the miss is against a bare pattern (`request-pattern` near misses, verification).
    public var pattern: RequestPattern?
    /// How far apart: 0 is a match, 1 nothing alike.
    public var distance: Double
    /// The scenario state the stub needed but did not find, if that was part of the miss.
    public var scenarioState: String?

    /// A near miss against a stub or a bare pattern.
    public init(
        request: LoggedRequest, stub: StubMapping? = nil, pattern: RequestPattern? = nil, distance: Double,
        scenarioState: String? = nil
    ) {
        self.request = request
        self.stub = stub
        self.pattern = pattern
        self.distance = distance
        self.scenarioState = scenarioState
    }

    /// The pattern that was missed.
    public var requestPattern: RequestPattern { stub?.request ?? pattern ?? RequestPattern() }
}

/// Finds near misses, closest first, keeping WireMock's three.
public enum NearMissCalculator {
    /// How many near misses are reported, as in WireMock.
    public static let count = 3

    /// The stubs closest to matching `request`. Stubs whose scenario is in the wrong state count,
    /// and the state they found is reported.
    public static func nearest(
        to request: LoggedRequest, among stubs: [StubMapping], scenarioStates: [String: String] = [:],
        limit: Int = count
    ) -> [NearMiss] {
        var ranking = Ranking(request: request, scenarioStates: scenarioStates, limit: limit)
        for i in stubs.indices {
            let mismatch = !stubs[i].scenarioAllows(scenarioStates)
            let d = stubs[i].request.distance(ranking.context, scenarioMismatch: mismatch)
            if ranking.qualifies(d) { ranking.insert(stubs[i], distance: d, scenarioMismatch: mismatch) }
        }
        return ranking.best
    }

    /// Keeps the closest `limit` misses seen so far, nearest first.
    struct Ranking {
        let context: MatchContext
        let scenarioStates: [String: String]
        let limit: Int
        var best: [NearMiss] = []

        init(request: LoggedRequest, scenarioStates: [String: String], limit: Int) {
            context = MatchContext(request: request, scenarioStates: scenarioStates)
            self.scenarioStates = scenarioStates
            self.limit = limit
            best.reserveCapacity(limit + 1)
        }

        func qualifies(_ d: Double) -> Bool {
            best.count < limit || d < best[best.count - 1].distance
        }

        mutating func insert(_ stub: StubMapping, distance d: Double, scenarioMismatch: Bool) {
            let state = scenarioMismatch ? stub.scenarioName.map { scenarioStates[$0] ?? scenarioStartedState } : nil
            let miss = NearMiss(request: context.request, stub: stub, distance: d, scenarioState: state)
            let at = best.firstIndex { $0.distance > d } ?? best.count
            best.insert(miss, at: at)
            if best.count > limit { best.removeLast() }
        }
    }

    /// The logged requests closest to matching `pattern`.
    public static func nearest(to pattern: RequestPattern, among requests: [LoggedRequest], limit: Int = count)
        -> [NearMiss]
    {
        var scored: [NearMiss] = requests.map { request in
            NearMiss(request: request, pattern: pattern, distance: pattern.distance(MatchContext(request: request)))
        }
        scored.sort { $0.distance < $1.distance }
        return Array(scored.prefix(limit))
    }
}
