import Foundation

extension StubEngine {
    /// The decision for a request whose body has not arrived yet, when its head alone selects a
    /// proxy stub (no fault, no templating: nothing of it reads the body). The scenario
    /// transition is applied then, as ``stage(_:consoleWidth:now:)`` applies it; nothing is
    /// journalled: call ``journalStreamed(_:decision:subEvents:)`` once the body has ended.
    ///
    /// Returns nil when the body could change the selection, when nothing matches, or when the
    /// selected stub is not such a proxy stub: match the whole request as usual then (no
    /// scenario has moved).
    public func streamedProxyDecision(forHead head: LoggedRequest, now: Date = Date()) -> ServeDecision? {
        let match = store.matchIgnoringBody(head, now: now) { stub in
            stub.response.proxy != nil && stub.response.fault == nil && !templater.applies(to: stub.response)
        }
        guard case .stub(let stub) = match, stub.response.proxy != nil, stub.response.fault == nil,
            !templater.applies(to: stub.response)
        else { return nil }
        return decision(for: stub, request: head)
    }

    /// Journals a request streamed under a ``streamedProxyDecision(forHead:now:)`` decision, with
    /// the body as captured; complete it with `journal.complete` as for any other request.
    public func journalStreamed(_ request: LoggedRequest, decision: ServeDecision, subEvents: [SubEvent] = []) {
        let definition = decision.stub?.response ?? ResponseDefinition(status: decision.status)
        journal.record(ServeEvent(id: decision.eventID, request: request, stub: decision.stub, responseDefinition: definition, subEvents: subEvents))
    }
}
