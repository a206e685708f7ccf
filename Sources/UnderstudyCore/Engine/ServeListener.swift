/// What plugs into the engine after a request has been answered: told of every completed serve
/// event, so the engine's `complete(_:timing:subEvents:)` need not know who listens. Webhooks
/// (``WebhookDispatcher``) and message stubs triggered by HTTP requests (``MessageEngine``) are
/// listeners; a protocol's own journal notes can be one too.
public protocol ServeListener: Sendable {
    /// Called once the journal entry of `served` is complete, on the thread that completed it.
    /// It runs for every request: return at once when there is nothing to do, and send slow work
    /// elsewhere.
    func served(_ served: CompletedServe, engine: StubEngine)
}

/// One answered request, as a ``ServeListener`` is told of it.
public struct CompletedServe: Sendable {
    /// What the engine decided (the stub, if one matched).
    public let decision: ServeDecision
    /// What went out.
    public let response: LoggedResponse

    /// The journal entry, request included, while the journal still holds it.
    public func event(in engine: StubEngine) -> ServeEvent? {
        engine.journal.recentEvent(id: decision.eventID)
    }
}

extension WebhookDispatcher: ServeListener {
    /// Sends a matched stub's webhooks.
    public func served(_ served: CompletedServe, engine: StubEngine) {
        guard let stub = served.decision.stub, !stub.webhooks.isEmpty, let event = served.event(in: engine) else {
            return
        }
        dispatch(stub, event: event, response: served.response, engine: engine)
    }
}

extension MessageEngine: ServeListener {
    /// Runs the message stubs an HTTP request triggers.
    public func served(_ served: CompletedServe, engine: StubEngine) {
        guard hasHTTPTriggers, let event = served.event(in: engine) else { return }
        httpRequestServed(event.request, stubID: served.decision.stub?.id)
    }
}
