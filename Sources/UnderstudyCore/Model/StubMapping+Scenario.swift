/// Scenario state is part of the stub model: the store (to match) and near misses (to report a
/// stub in the wrong state) both ask it.
extension StubMapping {
    /// A stub in a scenario with a required state matches only in that state.
    func scenarioAllows(_ states: [String: String]) -> Bool {
        guard let scenarioName, let requiredScenarioState else { return true }
        return (states[scenarioName] ?? scenarioStartedState) == requiredScenarioState
    }
}
