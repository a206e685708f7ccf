/// A response body that goes out over time rather than at once: what a transport that can hold a
/// response open sends in place of ``ServeDecision/body``.
public enum ResponseStream: Sendable, Equatable {
    /// A `text/event-stream`, event by event.
    case serverSentEvents(ServerSentEvents)
    /// A chunked body, piece by piece.
    case chunks([BodyChunk])

    /// The stream a response definition asks for, if any.
    init?(_ definition: ResponseDefinition) {
        if let events = definition.serverSentEvents {
            self = .serverSentEvents(events)
        } else if let chunks = definition.bodyChunks {
            self = .chunks(chunks)
        } else {
            return nil
        }
    }
}
