import Foundation

extension StubStore {
    /// Selects the stub for a request when scenario states are shared (a fleet), asking the shared
    /// store at most once.
    ///
    /// The candidates are the stubs whose request pattern matches, in match order, up to the first
    /// that names no scenario. When none before it names a scenario, that stub wins and the shared
    /// store is not asked: most requests never wait. Otherwise the shared store picks among the
    /// scenario stubs before it by the scenario's real state and takes the step in the same call,
    /// so contended requests each cost one round trip instead of one per lost race. (Stubs of
    /// several scenarios among one request's candidates are stepped one at a time, in order.)
    ///
    /// `accept` is asked about the winner once its step is taken; a caller that may wait refuses
    /// only what it cannot render, which for the callers that may wait is a digest nonce already
    /// used.
    func selectShared(
        bucket: [StoredStub], fallback: [StoredStub], context: MatchContext, mayWait: Bool,
        accepting accept: (StubMapping) -> Bool, shared: any SharedScenarioStates
    ) -> Selection {
        let (contested, plain) = Self.scenarioCandidates(bucket: bucket, fallback: fallback, context: context)
        guard !contested.isEmpty else {
            guard let plain, accept(plain) else { return .none }
            return .stub(plain, detached: nil)
        }
        guard mayWait else { return .mustWait }
        let names = Set(contested.compactMap(\.scenarioName))
        guard names.count == 1, let scenario = names.first else {
            return selectStepByStep(contested, then: plain, accepting: accept)
        }
        let transitions = contested.map {
            ScenarioTransition(required: $0.requiredScenarioState, next: $0.newScenarioState)
        }
        let outcome = shared.advance(scenario, firstOf: transitions)
        switch outcome {
        case .took(let index) where contested.indices.contains(index):
            let stub = contested[index]
            if let known = stub.newScenarioState ?? stub.requiredScenarioState { adoptScenarioState(scenario, known) }
            return accept(stub) ? .stub(stub, detached: nil) : .none
        case .took, .noneApplies:
            if case .noneApplies(let current) = outcome { adoptScenarioState(scenario, current) }
            guard let plain, accept(plain) else { return .none }
            return .stub(plain, detached: nil)
        case .unavailable(let reason):
            // This server's copy decides, as a standalone server would.
            for stub in contested where stub.scenarioAllows(state.withLock { $0.scenarioStates }) {
                switch takeDetachedStep(of: stub, scenario: scenario, shared: shared, reason: reason) {
                case .refused(let reason): return .refused(reason)
                case .lost: continue
                case .taken: return accept(stub) ? .stub(stub, detached: nil) : .none
                case .takenLocally(let reason): return accept(stub) ? .stub(stub, detached: reason) : .none
                }
            }
            guard let plain, accept(plain) else { return .none }
            return .stub(plain, detached: nil)
        }
    }

    /// Stubs of several scenarios among one request's candidates: each stepped in turn.
    private func selectStepByStep(
        _ contested: [StubMapping], then plain: StubMapping?, accepting accept: (StubMapping) -> Bool
    ) -> Selection {
        for stub in contested {
            switch takeScenarioStep(of: stub) {
            case .taken: return accept(stub) ? .stub(stub, detached: nil) : .none
            case .takenLocally(let reason): return accept(stub) ? .stub(stub, detached: reason) : .none
            case .lost: continue
            case .refused(let reason): return .refused(reason)
            }
        }
        guard let plain, accept(plain) else { return .none }
        return .stub(plain, detached: nil)
    }

    /// The stubs naming a scenario whose request pattern matches, in match order, before the first
    /// matching stub that names none (returned second).
    static func scenarioCandidates(bucket: [StoredStub], fallback: [StoredStub], context: MatchContext)
        -> (contested: [StubMapping], plain: StubMapping?)
    {
        var contested: [StubMapping] = []
        var i = 0
        var j = 0
        while i < bucket.count || j < fallback.count {
            let fromBucket = j >= fallback.count || (i < bucket.count && bucket[i].precedes(fallback[j]))
            let stub = fromBucket ? bucket[i].stub : fallback[j].stub
            if fromBucket { i += 1 } else { j += 1 }
            guard stub.request.matches(context) else { continue }
            guard stub.scenarioName != nil else { return (contested, stub) }
            contested.append(stub)
        }
        return (contested, nil)
    }
}
