import Foundation

/// One thing a message stub does when triggered.
public enum MessageAction: Sendable {
    /// Sends a message to the target channels, after an optional delay (our extension).
    case send(MessageSend)
    /// Our extension (`"type": "close"`): closes the target channels with a code and a reason.
    case close(MessageClose)
}

/// A `send` action.
public struct MessageSend: Sendable {
    /// The message to send.
    public var body: MessageBody
    /// Where to send it.
    public var target: ChannelTarget
    /// Our extension: milliseconds to wait, counted from the trigger, before sending.
    public var delayMilliseconds: Int?
    /// Transformer names as written; `response-template` renders text bodies.
    public var transformers: [String]

    /// A send action.
    public init(
        body: MessageBody, target: ChannelTarget = .originating, delayMilliseconds: Int? = nil,
        transformers: [String] = []
    ) {
        self.body = body
        self.target = target
        self.delayMilliseconds = delayMilliseconds
        self.transformers = transformers
    }
}

/// A `close` action (our extension).
public struct MessageClose: Sendable {
    /// The WebSocket close code (1000 by default).
    public var code: Int
    /// The close reason.
    public var reason: String
    /// Which channels to close.
    public var target: ChannelTarget
    /// Milliseconds to wait, counted from the trigger, before closing.
    public var delayMilliseconds: Int?

    /// A close action.
    public init(
        code: Int = 1000, reason: String = "", target: ChannelTarget = .originating, delayMilliseconds: Int? = nil
    ) {
        self.code = code
        self.reason = reason
        self.target = target
        self.delayMilliseconds = delayMilliseconds
    }
}

/// A message's content: text, or bytes (written base64 with `"isBinary": true`).
public enum MessageBody: Sendable, Equatable {
    /// A text message.
    case text(String)
    /// A binary message.
    case binary(Data)

    /// The body as journal text: the text itself, or base64 for bytes.
    public var journalText: String {
        switch self {
        case .text(let text): text
        case .binary(let data): data.base64EncodedString()
        }
    }
}

/// Which channels an action reaches.
public enum ChannelTarget: Sendable {
    /// The channel the triggering message came in on (none for HTTP triggers).
    case originating
    /// Every open channel whose opening request matches the pattern.
    case requestInitiated(RequestPattern)
}
