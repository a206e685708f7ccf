/// What plugs into the engine after a request has been answered: told of every completed serve
/// event, so the engine's `complete(_:timing:subEvents:)` need not know who listens. Webhooks
/// (``WebhookDispatcher``) and message stubs triggered by HTTP requests (``MessageEngine``) are
/// listeners; a protocol's own journal notes can be one too.
public protocol ServeListener: Sendable {
    /// Called once the journal entry of `decision` is complete, on the thread that completed it,
    /// with what went out. It runs for every request: return at once when there is nothing to
    /// do, and send slow work elsewhere. The entry, request included, is
    /// `engine.journal.recentEvent(id: decision.eventID)` while the journal still holds it.
    func served(_ decision: ServeDecision, response: LoggedResponse, engine: StubEngine)
}

extension WebhookDispatcher: ServeListener {
    /// Sends a matched stub's webhooks.
    public func served(_ decision: ServeDecision, response: LoggedResponse, engine: StubEngine) {
        guard let stub = decision.stub, !stub.webhooks.isEmpty,
            let event = engine.journal.recentEvent(id: decision.eventID)
        else { return }
        dispatch(stub, event: event, response: response, engine: engine)
    }
}

extension MessageEngine: ServeListener {
    /// Runs the message stubs an HTTP request triggers.
    public func served(_ decision: ServeDecision, response: LoggedResponse, engine: StubEngine) {
        guard hasHTTPTriggers, let event = engine.journal.recentEvent(id: decision.eventID) else { return }
        httpRequestServed(event.request, stubID: decision.stub?.id)
    }
}
