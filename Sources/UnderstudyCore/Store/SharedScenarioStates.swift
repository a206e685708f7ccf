/// Scenario states kept outside this process, so that several servers move each scenario as one
/// (the fleet's database). A store given one (``StubStore/shareScenarios(with:)``) asks it,
/// before serving a stub that names a scenario, which of the request's candidate stubs the
/// scenario's state selects, and the step is taken there in the same call: once, by whichever
/// server asks first, and in one round trip however many servers race for it.
///
/// Every call may wait for a round trip to wherever the states live, so the engine makes it only
/// under capabilities that may wait (``Capabilities/waitsForSharedState``): a server decides such
/// requests off its event loop.
public protocol SharedScenarioStates: Sendable {
    /// Picks the first of `candidates` whose required state `scenario` is in (a nil requirement
    /// always holds), moves the scenario to that candidate's new state (it stays when nil), and
    /// answers which it picked. A scenario the shared store has never seen is in `Started`.
    func advance(_ scenario: String, firstOf candidates: [ScenarioTransition]) -> SharedScenarioAdvance

    /// What to do with a scenario step while the shared store cannot be reached.
    var whenUnavailable: SharedScenarioFallback { get }

    /// Told of a step taken locally because the shared store could not be reached
    /// (``SharedScenarioFallback/serveLocally``), so that it can be counted and reported.
    func tookLocalStep(_ scenario: String, because reason: String)
}

/// What a scenario stub requires and sets.
public struct ScenarioTransition: Sendable, Equatable {
    /// The state the scenario must be in; nil for any.
    public var required: String?
    /// The state it moves to; nil to stay.
    public var next: String?

    public init(required: String?, next: String?) {
        self.required = required
        self.next = next
    }
}

/// What ``SharedScenarioStates/advance(_:firstOf:)`` found.
public enum SharedScenarioAdvance: Sendable, Equatable {
    /// The candidate at this index applied, and its step is taken.
    case took(Int)
    /// None applies: the scenario is in `current`.
    case noneApplies(current: String)
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
