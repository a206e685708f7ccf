/// One server-sent event as the client reads it: its `data` lines joined, and the `id` and
/// `event` fields when the server gave them.
public struct SSEMessage: Sendable, Equatable {
    /// The event's `id`, if the event carried one.
    public var id: String?
    /// The event's type (`event:`), if any.
    public var event: String?
    /// Its `data:` lines, joined with newlines.
    public var data: String

    /// An event with `data`, and optionally an `id` and a type.
    public init(id: String? = nil, event: String? = nil, data: String) {
        self.id = id
        self.event = event
        self.data = data
    }
}
