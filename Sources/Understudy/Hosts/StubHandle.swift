import UnderstudyCore

/// A stub (or the stubs of a sequence) added to a host, to take away or change later.
public struct StubHandle: Sendable {
    let engine: StubEngine
    var store: StubStore { engine.store }
    /// The ids of the stubs this handle owns: one, or one per step of a sequence.
    public let ids: [StubMapping.ID]

    /// The stubs as they are now in the store (those not removed).
    public var mappings: [StubMapping] { ids.compactMap { store.stub(id: $0) } }

    /// Removes the stub(s).
    public func remove() {
        for id in ids { store.remove(id: id) }
    }

    /// Gives the stub a new response, keeping its pattern and its place in the match order.
    /// A sequence becomes a single stub that always gives `response`.
    public func replace(with response: ResponseDefinition) {
        guard let first = ids.first, var stub = store.stub(id: first) else { return }
        for id in ids.dropFirst() { store.remove(id: id) }
        engine.adoptGate(of: response)
        stub.response = response
        stub.scenarioName = nil
        stub.requiredScenarioState = nil
        stub.newScenarioState = nil
        store.replace(stub)
    }
}
