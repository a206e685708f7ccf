import Foundation

/// `serverSentEvents`: a response sent as a `text/event-stream`, one event at a time, each after
/// its own delay. An Understudy extension of WireMock's format.
///
/// ```json
/// "serverSentEvents": {
///   "events": [{"id": "1", "event": "delta", "data": "Hel", "delayMilliseconds": 50}],
///   "heartbeatMilliseconds": 15000,
///   "keepOpen": false
/// }
/// ```
public struct ServerSentEvents: Sendable, Equatable {
    /// What goes out, in order.
    public var events: [ServerSentEvent]
    /// How often a heartbeat comment goes out while the stream is open; nil for none.
    public var heartbeatMilliseconds: Int?
    /// True to keep the stream open after the last event, until the client leaves or the server
    /// stops. Nil (absent from the JSON) and false both close it.
    public var keepOpen: Bool?
    /// The gate that holds each ``ServerSentEvent/held`` event until a test releases it, one
    /// release per event (`"heldBy": "<uuid>"`; the Swift DSL names one when an event is held).
    public var heldBy: GateID?

    /// A stream of these events.
    public init(
        events: [ServerSentEvent], heartbeatMilliseconds: Int? = nil, keepOpen: Bool? = nil, heldBy: GateID? = nil
    ) {
        self.events = events
        self.heartbeatMilliseconds = heartbeatMilliseconds
        self.keepOpen = keepOpen
        self.heldBy = heldBy
    }

    /// The events a client that reconnects with `Last-Event-ID: lastEventID` has not seen: those
    /// after the first event with that id, or all of them when none has it (or no id was sent).
    public func events(after lastEventID: String?) -> ArraySlice<ServerSentEvent> {
        guard let lastEventID, let index = events.firstIndex(where: { $0.id == lastEventID }) else {
            return events[...]
        }
        return events[(index + 1)...]
    }
}
