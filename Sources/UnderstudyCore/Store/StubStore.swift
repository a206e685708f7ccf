import Foundation
import Synchronization

/// The stubs of one stub world and the state of their scenarios; safe to share between any
/// number of concurrent requests and writers.
///
/// Selection follows WireMock: priority ascending, then the most recently added stub first.
/// A request takes a snapshot of its candidates and of scenario state under a short lock,
/// and matches outside it, so a slow body matcher never holds up another request.
public final class StubStore: Sendable {
    struct State: Sendable {
        var index = StubIndex()
        var nextInsertionIndex = 0
        var scenarioStates: [String: String] = [:]
        /// Counts every change to the stubs, and to scenario states (see ``changeCounts``).
        var stubChanges = 0
        var scenarioChanges = 0
        /// Where scenario steps are taken when several servers share them (``shareScenarios(with:)``);
        /// read under the same lock as the candidates, so a store without one pays nothing more.
        var sharedScenarios: (any SharedScenarioStates)?
    }

    let state = Mutex(State())

    /// An empty store.
    public init() {}

    // MARK: Reading

    /// How many stubs it holds.
    public var count: Int { state.withLock { $0.index.count } }

    /// Every stub in match order.
    public var stubs: [StubMapping] { storedStubs.map(\.stub) }

    /// Every stub in match order with where it came from.
    public var storedStubs: [StoredStub] { state.withLock { $0.index.ordered() } }

    /// How many times the stubs, and the scenario states, have changed: a watcher that sees the
    /// same counts as before knows there is nothing to look at again.
    public var changeCounts: (stubs: Int, scenarios: Int) {
        state.withLock { ($0.stubChanges, $0.scenarioChanges) }
    }

    /// The stub with this id, if any.
    public func stub(id: StubMapping.ID) -> StubMapping? {
        state.withLock { $0.index.byID[id]?.stub }
    }

    /// The stub with this id and its place in the match order, if any.
    public func storedStub(id: StubMapping.ID) -> StoredStub? {
        state.withLock { $0.index.byID[id] }
    }

    // MARK: Writing

    /// Adds a stub in front of others of the same priority.
    /// - Throws: `MappingError` code 109 when the id is taken.
    public func add(_ stub: StubMapping, origin: StubOrigin = .api) throws(MappingError) {
        try state.withLock { (state: inout State) throws(MappingError) in
            try Self.insert(stub, origin: origin, into: &state)
        }
    }

    /// Adds stubs so the first listed wins among equal priorities (the admin import rule).
    /// - Parameters:
    ///   - stubs: the stubs, the winner first.
    ///   - replacingExisting: true replaces stubs whose id is taken (OVERWRITE);
    ///     false leaves those untouched (IGNORE).
    ///   - origin: where they came from.
    public func importStubs(_ stubs: [StubMapping], replacingExisting: Bool = true, origin: StubOrigin = .api) {
        state.withLock { state in
            for stub in stubs.reversed() {
                if state.index.byID[stub.id] != nil {
                    guard replacingExisting else { continue }
                    _ = Self.replace(stub, in: &state)
                } else {
                    try? Self.insert(stub, origin: origin, into: &state)
                }
            }
        }
    }

    /// Adds stubs in order, so that the last listed wins (the rule for files and multi-mapping files).
    public func addInOrder(_ stubs: [(StubMapping, StubOrigin)]) throws(MappingError) {
        try state.withLock { (state: inout State) throws(MappingError) in
            for (stub, origin) in stubs { try Self.insert(stub, origin: origin, into: &state) }
        }
    }

    /// Replaces the stub with the same id, keeping its place in the match order.
    /// - Returns: false when no stub has that id.
    @discardableResult
    public func replace(_ stub: StubMapping) -> Bool {
        state.withLock { Self.replace(stub, in: &$0) }
    }

    /// Removes the stub with this id; returns it, or nil when there was none.
    @discardableResult
    public func remove(id: StubMapping.ID) -> StubMapping? {
        state.withLock { state in
            let removed = state.index.remove(id)?.stub
            state.stubChanges &+= 1
            Self.forgetUnusedScenarios(&state)
            return removed
        }
    }

    /// Removes every stub and clears scenarios.
    public func removeAll() {
        state.withLock { state in
            state.index.removeAll()
            state.scenarioStates = [:]
            state.stubChanges &+= 1
            state.scenarioChanges &+= 1
        }
    }

    /// Removes every stub that satisfies `predicate`; returns them.
    @discardableResult
    public func removeAll(where predicate: (StubMapping) -> Bool) -> [StubMapping] {
        state.withLock { state in
            let doomed = state.index.byID.values.filter { predicate($0.stub) }.map(\.stub)
            for stub in doomed { state.index.remove(stub.id) }
            state.stubChanges &+= 1
            Self.forgetUnusedScenarios(&state)
            return doomed
        }
    }

    private static func insert(_ stub: StubMapping, origin: StubOrigin, into state: inout State) throws(MappingError) {
        guard state.index.byID[stub.id] == nil else {
            throw MappingError(
                code: 109, pointer: "/id", title: "Duplicate stub mapping ID",
                detail: "A stub with id \(stub.id.lowercasedString) already exists")
        }
        state.nextInsertionIndex += 1
        state.index.insert(StoredStub(stub: stub, insertionIndex: state.nextInsertionIndex, origin: origin))
        state.stubChanges &+= 1
        if let scenario = stub.scenarioName, state.scenarioStates[scenario] == nil {
            state.scenarioStates[scenario] = scenarioStartedState
        }
    }

    private static func replace(_ stub: StubMapping, in state: inout State) -> Bool {
        guard let old = state.index.remove(stub.id) else { return false }
        state.index.insert(StoredStub(stub: stub, insertionIndex: old.insertionIndex, origin: old.origin))
        state.stubChanges &+= 1
        if let scenario = stub.scenarioName, state.scenarioStates[scenario] == nil {
            state.scenarioStates[scenario] = scenarioStartedState
        }
        forgetUnusedScenarios(&state)
        return true
    }

    /// A scenario disappears with its last stub.
    private static func forgetUnusedScenarios(_ state: inout State) {
        guard !state.scenarioStates.isEmpty else { return }
        var used = Set<String>()
        for entry in state.index.byID.values { if let name = entry.stub.scenarioName { used.insert(name) } }
        for name in state.scenarioStates.keys where !used.contains(name) { state.scenarioStates[name] = nil }
    }

    // MARK: Matching

    /// Picks the stub for a request: the first in match order whose pattern and scenario state
    /// match. Takes the stub's scenario step as part of the same decision: a compare-and-set from
    /// the state the stub requires, so each step is taken once however many requests race for it.
    public func match(_ request: LoggedRequest, now: Date = Date()) -> StubMapping? {
        match(request, now: now, accepting: { _ in true })
    }

    /// ``match(_:now:)`` for a caller that can serve only some stubs itself: the selected stub is
    /// returned, and its scenario step taken, only when `accept` says yes. Otherwise the
    /// result is nil and nothing changed, so the caller can hand the request to a path that
    /// serves every stub and matches it again there.
    ///
    /// A request whose scenario another request moved between its match and its step is matched
    /// again against the new state (and `accept` asked again), never answered from the old one.
    public func match(_ request: LoggedRequest, now: Date = Date(), accepting accept: (StubMapping) -> Bool)
        -> StubMapping?
    {
        guard case .stub(let stub, _) = select(request, now: now, mayWait: true, accepting: accept) else {
            return nil
        }
        return stub
    }

    /// What ``select(_:now:accepting:)`` chose.
    enum Selection {
        /// The stub, and why its scenario step was taken only here when the shared states were
        /// out of reach.
        case stub(StubMapping, detached: String?)
        case none
        /// The stub's scenario step could not be taken: its shared states are out of reach and
        /// their fallback is to refuse. Nothing changed.
        case refused(String)
        /// A candidate names a shared scenario and the caller may not wait for it: nothing changed.
        case mustWait
    }

    /// ``match(_:now:accepting:)``, saying why nothing was selected when a shared scenario step
    /// was refused.
    func select(_ request: LoggedRequest, now: Date, mayWait: Bool, accepting accept: (StubMapping) -> Bool)
        -> Selection
    {
        // Each pass after the first follows another request's step, so this ends.
        while true {
            let (bucket, fallback, scenarios, shared) = state.withLock { state in
                let candidates = state.index.candidates(forPath: request.path)
                return (candidates.bucket, candidates.fallback, state.scenarioStates, state.sharedScenarios)
            }
            let context = MatchContext(request: request, scenarioStates: scenarios, now: now)
            if let shared {
                return selectShared(
                    bucket: bucket, fallback: fallback, context: context, mayWait: mayWait, accepting: accept,
                    shared: shared)
            }
            guard let stub = Self.firstMatch(bucket: bucket, fallback: fallback, context: context), accept(stub) else {
                return .none
            }
            switch takeScenarioStep(of: stub) {
            case .taken: return .stub(stub, detached: nil)
            case .takenLocally(let reason): return .stub(stub, detached: reason)
            case .lost: continue
            case .refused(let reason): return .refused(reason)
            }
        }
    }

    /// Walks the two ordered candidate lists as one merged list. Entries are read in place by
    /// index: copying a stored stub per candidate (every field retained) doubled the cost.
    static func firstMatch(bucket: [StoredStub], fallback: [StoredStub], context: MatchContext) -> StubMapping? {
        var i = 0
        var j = 0
        while i < bucket.count || j < fallback.count {
            let fromBucket = j >= fallback.count || (i < bucket.count && bucket[i].precedes(fallback[j]))
            if fromBucket {
                if bucket[i].stub.scenarioAllows(context.scenarioStates) && bucket[i].stub.request.matches(context) {
                    return bucket[i].stub
                }
                i += 1
            } else {
                if fallback[j].stub.scenarioAllows(context.scenarioStates) && fallback[j].stub.request.matches(context)
                {
                    return fallback[j].stub
                }
                j += 1
            }
        }
        return nil
    }

    // MARK: Scenarios

    /// Every scenario with its state, possible states and stubs, sorted by name.
    public var scenarios: [Scenario] {
        let (entries, states) = state.withLock { ($0.index.ordered(), $0.scenarioStates) }
        var byName: [String: Scenario] = [:]
        for entry in entries {
            guard let name = entry.stub.scenarioName else { continue }
            var scenario =
                byName[name]
                ?? Scenario(
                    name: name, state: states[name] ?? scenarioStartedState, possibleStates: [scenarioStartedState],
                    stubs: [])
            for s in [entry.stub.requiredScenarioState, entry.stub.newScenarioState].compactMap({ $0 })
            where !scenario.possibleStates.contains(s) {
                scenario.possibleStates.append(s)
            }
            scenario.stubs.append(entry.stub)
            byName[name] = scenario
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    /// Each scenario's current state, by name.
    public var scenarioStates: [String: String] { state.withLock { $0.scenarioStates } }

    /// Every scenario back to `Started`.
    public func resetScenarios() {
        state.withLock { state in
            for name in state.scenarioStates.keys { state.scenarioStates[name] = scenarioStartedState }
            state.scenarioChanges &+= 1
        }
    }

    /// Sets one scenario's state; nil resets it to `Started`.
    public func setScenarioState(_ name: String, to newState: String?) throws(ScenarioError) {
        let scenario = scenarios.first { $0.name == name }
        guard let scenario else { throw .unknownScenario(name) }
        let target = newState ?? scenarioStartedState
        guard scenario.possibleStates.contains(target) else { throw .unsupportedState(name, target) }
        state.withLock { state in
            state.scenarioStates[name] = target
            state.scenarioChanges &+= 1
        }
    }
}

/// A scenario as the admin API lists it.
public struct Scenario: Sendable, Equatable {
    /// The scenario's name.
    public var name: String
    /// Its current state.
    public var state: String
    /// Every state its stubs require or set.
    public var possibleStates: [String]
    /// The stubs in it.
    public var stubs: [StubMapping]
}

/// A scenario change the admin API refuses.
public enum ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No scenario has this name.
    case unknownScenario(String)
    /// The scenario (first) has no stub that requires or sets this state (second).
    case unsupportedState(String, String)

    public var description: String {
        switch self {
        case .unknownScenario(let name): return "Scenario \(name) does not exist"
        case .unsupportedState(let name, let state): return "Scenario \(name) does not support state \(state)"
        }
    }
}
