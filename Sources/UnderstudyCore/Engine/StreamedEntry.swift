/// The journal entry of a request served under ``Decision/streamedProxy(_:_:)``, to record once
/// its body has ended (or broken off); complete it with ``StubEngine/complete(_:timing:subEvents:)`` as for
/// any other request.
public struct StreamedEntry: Sendable {
    let journal: RequestJournal
    let decision: ServeDecision

    /// Journals `request`, with the body as captured, under the streamed decision.
    public func record(_ request: LoggedRequest, subEvents: [SubEvent] = []) {
        let definition = decision.stub?.response ?? ResponseDefinition(status: decision.status)
        journal.record(
            ServeEvent(
                id: decision.eventID, request: request, stub: decision.stub, responseDefinition: definition,
                subEvents: subEvents))
    }
}
