extension StubStore {
    /// The stubs closest to matching `request`, closest first: the answer
    /// ``NearMissCalculator/nearest(to:among:scenarioStates:limit:)-(_,[StoredStub],_,_)`` gives
    /// over ``storedStubs`` and ``scenarioStates``, found without scoring every stub (see
    /// `NearMissIndex`), from one consistent snapshot of stubs and scenario states.
    public func nearMisses(to request: LoggedRequest, limit: Int = NearMissCalculator.count) -> [NearMiss] {
        let (index, states) = state.withLock { ($0.index.nearMissIndex(), $0.scenarioStates) }
        return index.nearest(to: request, scenarioStates: states, limit: limit)
    }
}
