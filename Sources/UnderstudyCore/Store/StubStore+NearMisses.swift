extension StubStore {
    /// The stubs closest to matching `request`, closest first: the answer
    /// ``NearMissCalculator/nearest(to:among:scenarioStates:limit:)-(_,[StoredStub],_,_)`` gives
    /// over ``storedStubs`` and ``scenarioStates``, found without scoring every stub (see
    /// `NearMissIndex`), from one consistent snapshot of stubs and scenario states.
    public func nearMisses(to request: LoggedRequest, limit: Int = NearMissCalculator.count) -> [NearMiss] {
        let (index, states) = state.withLock { ($0.index.nearMissIndex(), $0.scenarioStates) }
        return index.nearest(to: request, scenarioStates: states, limit: limit)
    }

    /// ``nearMisses(to:limit:)`` when it is sure to be quick: the search structure is already
    /// built (building it sorts every stub) and ``NearMissIndex/isQuick(for:)`` holds. Nil
    /// otherwise, having done nothing; an event loop asks this before searching in place.
    func quickNearMisses(to request: LoggedRequest, limit: Int = NearMissCalculator.count) -> [NearMiss]? {
        let (index, states) = state.withLock { ($0.index.builtNearMissIndex, $0.scenarioStates) }
        guard let index, index.isQuick(for: request) else { return nil }
        return index.nearest(to: request, scenarioStates: states, limit: limit)
    }
}
