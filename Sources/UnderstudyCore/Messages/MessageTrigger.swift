import Foundation

/// What makes a message stub act.
public enum MessageTrigger: Sendable {
    /// A message arrives on a channel whose opening request matches `channel` (any channel when
    /// nil) and whose body matches `body` (any body when nil).
    case message(channel: RequestPattern?, body: StringValuePattern?)
    /// The HTTP stub with this id has answered a request.
    case httpStub(UUID)
    /// An HTTP request matching the pattern has arrived.
    case httpRequest(RequestPattern)
    /// Our extension (`"type": "channel-open"`): a channel whose opening request matches has just
    /// opened, so a stub can greet a client before it says anything.
    case channelOpen(channel: RequestPattern?)
}
