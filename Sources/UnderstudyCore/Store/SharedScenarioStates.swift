/// Scenario states kept outside this process, so that several servers move each scenario as one
/// (the fleet's database). A store given one (``StubStore/shareScenarios(with:)``) still matches
/// against its own copy of the states, and asks here before a stub that names a scenario is served:
/// the step is taken here, once, by whichever server asks first.
///
/// Every call may wait for a round trip to wherever the states live, so the engine makes it only
/// under capabilities that may wait (``Capabilities/waitsForSharedState``): a server decides such
/// requests off its event loop.
public protocol SharedScenarioStates: Sendable {
    /// Compares and sets one scenario: when its state is `required` (any state when nil), moves
    /// it to `next` (stays when nil) and answers ``SharedScenarioStep/taken``. A scenario the
    /// shared store has never seen is in `Started`.
    func step(_ scenario: String, from required: String?, to next: String?) -> SharedScenarioStep

    /// What to do with a scenario step while the shared store cannot be reached.
    var whenUnavailable: SharedScenarioFallback { get }

    /// Told of a step taken locally because the shared store could not be reached
    /// (``SharedScenarioFallback/serveLocally``), so that it can be counted and reported.
    func tookLocalStep(_ scenario: String, because reason: String)
}

/// What ``SharedScenarioStates/step(_:from:to:)`` found.
public enum SharedScenarioStep: Sendable, Equatable {
    /// The scenario was in the required state and is now in the new one.
    case taken
    /// The scenario is in `current`, not in the required state: another server moved it first.
    case stale(current: String)
    /// The shared store could not be reached; nothing changed there.
    case unavailable(reason: String)
}

/// What a store does with a scenario step while its shared states cannot be reached.
public enum SharedScenarioFallback: String, Sendable, CaseIterable {
    /// Take the step in this server's own copy and keep serving (`--fleet-when-detached serve-local`).
    case serveLocally = "serve-local"
    /// Answer 503 rather than risk taking a step another server also takes (`refuse`).
    case refuse
}
