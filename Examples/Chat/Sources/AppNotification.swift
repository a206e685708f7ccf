/// A notification the service pushes: `{"title":"New reply","body":"Rita answered you"}`.
public struct AppNotification: Decodable, Equatable, Sendable {
    /// The headline.
    public var title: String
    /// The text under it.
    public var body: String

    /// A notification with `title` and `body`.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}
