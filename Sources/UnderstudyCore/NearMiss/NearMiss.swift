import Foundation

/// A stub that almost matched a request (or a request that almost matched a pattern), with
/// WireMock's distance: 0 is a match, 1 is nothing alike.
public struct NearMiss: Sendable {
    public var request: LoggedRequest
    /// Set when the miss is against a stub.
    public var stub: StubMapping?
    /// Set when the miss is against a bare pattern (`request-pattern` near misses, verification).
    public var pattern: RequestPattern?
    public var distance: Double
    /// The scenario state the stub needed but did not find, if that was part of the miss.
    public var scenarioState: String?

    public init(request: LoggedRequest, stub: StubMapping? = nil, pattern: RequestPattern? = nil, distance: Double, scenarioState: String? = nil) {
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
    public static let count = 3

    /// The stubs closest to matching `request`. Stubs whose scenario is in the wrong state count,
    /// and the state they found is reported.
    public static func nearest(to request: LoggedRequest, among stubs: [StubMapping], scenarioStates: [String: String] = [:], limit: Int = count) -> [NearMiss] {
        let context = MatchContext(request: request, scenarioStates: scenarioStates)
        var best: [NearMiss] = []
        best.reserveCapacity(limit + 1)
        for stub in stubs {
            let scenarioMismatch = !stub.scenarioAllows(scenarioStates)
            let d = stub.request.distance(context, scenarioMismatch: scenarioMismatch)
            guard best.count < limit || d < best[best.count - 1].distance else { continue }
            let state = scenarioMismatch ? stub.scenarioName.map { scenarioStates[$0] ?? scenarioStartedState } : nil
            let miss = NearMiss(request: request, stub: stub, distance: d, scenarioState: state)
            let at = best.firstIndex { $0.distance > d } ?? best.count
            best.insert(miss, at: at)
            if best.count > limit { best.removeLast() }
        }
        return best
    }

    /// The logged requests closest to matching `pattern`.
    public static func nearest(to pattern: RequestPattern, among requests: [LoggedRequest], limit: Int = count) -> [NearMiss] {
        var scored: [NearMiss] = requests.map { request in
            NearMiss(request: request, pattern: pattern, distance: pattern.distance(MatchContext(request: request)))
        }
        scored.sort { $0.distance < $1.distance }
        return Array(scored.prefix(limit))
    }
}
