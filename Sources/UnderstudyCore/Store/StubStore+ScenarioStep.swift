extension StubStore {
    /// Takes the scenario step a selected stub implies: a compare-and-set from the state the
    /// stub requires to its new state.
    ///
    /// Matching reads a snapshot of scenario states and runs outside the lock, so another request
    /// can move the scenario between a match and its step. Then the required state is gone, this
    /// returns false and changes nothing, and the caller matches the request again against the
    /// new state. A stub without a new state, or without a required state, always succeeds.
    ///
    /// The one place a request moves a scenario: a store kept outside the process (the fleet's
    /// database) does the same as one `UPDATE … WHERE state = required`.
    func takeScenarioStep(of stub: StubMapping) -> Bool {
        guard let scenario = stub.scenarioName, let next = stub.newScenarioState else { return true }
        return state.withLock { state in
            if let required = stub.requiredScenarioState,
                (state.scenarioStates[scenario] ?? scenarioStartedState) != required
            {
                return false
            }
            state.scenarioStates[scenario] = next
            state.scenarioChanges &+= 1
            return true
        }
    }
}
