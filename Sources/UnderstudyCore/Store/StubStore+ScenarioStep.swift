extension StubStore {
    /// What taking a selected stub's scenario step came to.
    enum StepResult {
        /// The step is taken (or there was none): serve the stub.
        case taken
        /// The shared states could not be reached, and the step was taken in this store's copy
        /// (``SharedScenarioFallback/serveLocally``): serve the stub, and say why in its journal entry.
        case takenLocally(String)
        /// Another request moved the scenario first: match the request again.
        case lost
        /// The shared states cannot be reached and the fallback is to refuse: answer 503.
        case refused(String)
    }

    /// Takes the scenario step a selected stub implies: a compare-and-set from the state the
    /// stub requires to its new state.
    ///
    /// Matching reads a snapshot of scenario states and runs outside the lock, so another request
    /// can move the scenario between a match and its step. Then the required state is gone, this
    /// returns `.lost` and changes nothing, and the caller matches the request again against the
    /// new state. A stub without a scenario always succeeds; so does one without a new state or a
    /// required state, unless the states are shared.
    ///
    /// With shared states (a fleet) the shared store takes the step, and a stub that only requires
    /// a state has it checked there too: this server's copy may be a notification behind. Whole
    /// requests are decided by ``selectShared(bucket:fallback:context:mayWait:accepting:shared:)`` instead, in one
    /// round trip; this serves the head-only path and scenarios mixed in one request's candidates.
    func takeScenarioStep(of stub: StubMapping) -> StepResult {
        guard let scenario = stub.scenarioName else { return .taken }
        if let shared = state.withLock({ $0.sharedScenarios }) {
            guard stub.requiredScenarioState != nil || stub.newScenarioState != nil else { return .taken }
            let transition = ScenarioTransition(required: stub.requiredScenarioState, next: stub.newScenarioState)
            switch shared.advance(scenario, firstOf: [transition]) {
            case .took:
                if let next = stub.newScenarioState { adoptScenarioState(scenario, next) }
                return .taken
            case .noneApplies(let current):
                adoptScenarioState(scenario, current)
                return .lost
            case .unavailable(let reason):
                return takeDetachedStep(of: stub, scenario: scenario, shared: shared, reason: reason)
            }
        }
        return takeLocalStep(of: stub, scenario: scenario) ? .taken : .lost
    }

    func takeLocalStep(of stub: StubMapping, scenario: String) -> Bool {
        guard let next = stub.newScenarioState else { return true }
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

    /// The fallback while the shared states are out of reach.
    func takeDetachedStep(
        of stub: StubMapping, scenario: String, shared: any SharedScenarioStates, reason: String
    ) -> StepResult {
        switch shared.whenUnavailable {
        case .refuse:
            return .refused(reason)
        case .serveLocally:
            shared.tookLocalStep(scenario, because: reason)
            return takeLocalStep(of: stub, scenario: scenario) ? .takenLocally(reason) : .lost
        }
    }

    /// Sets this store's copy of one scenario's state to what the shared states say it is.
    public func adoptScenarioState(_ scenario: String, _ newState: String) {
        state.withLock { state in
            guard state.scenarioStates[scenario] != newState else { return }
            state.scenarioStates[scenario] = newState
            state.scenarioChanges &+= 1
        }
    }

    /// From now on, scenario steps are taken in `shared` (see ``SharedScenarioStates``).
    public func shareScenarios(with shared: any SharedScenarioStates) {
        state.withLock { $0.sharedScenarios = shared }
    }

    /// True when scenario steps are taken in shared states that may make a request wait.
    public var sharesScenarios: Bool { state.withLock { $0.sharedScenarios != nil } }
}
