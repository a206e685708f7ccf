import Foundation
import UnderstudyJSON

/// One entry of ``ServerSentEvents``: an event, a comment, or a fault that breaks the stream.
public struct ServerSentEvent: Sendable, Equatable {
    /// `id:`, which the client sends back as `Last-Event-ID` when it reconnects.
    public var id: String?
    /// `event:`, the event's type.
    public var event: String?
    /// `data:`. Text goes out one `data:` line per line; any other JSON value as compact JSON on one line.
    public var data: JSONValue?
    /// A comment line (`: text`), which clients ignore.
    public var comment: String?
    /// `retry:`, the client's reconnection time in milliseconds.
    public var retry: Int?
    /// How long after the previous event (or the response head) this one goes out.
    public var delayMilliseconds: Int?
    /// Breaks the stream here instead of sending anything.
    public var fault: Fault?
    /// Waits at the stream's gate (``ServerSentEvents/heldBy``) until a test lets it through.
    /// An Understudy extension, `"held": true`; absent and false are the same.
    public var held: Bool

    /// An event; every field is optional.
    public init(
        id: String? = nil, event: String? = nil, data: JSONValue? = nil, comment: String? = nil, retry: Int? = nil,
        delayMilliseconds: Int? = nil, fault: Fault? = nil, held: Bool = false
    ) {
        self.id = id
        self.event = event
        self.data = data
        self.comment = comment
        self.retry = retry
        self.delayMilliseconds = delayMilliseconds
        self.fault = fault
        self.held = held
    }
}
