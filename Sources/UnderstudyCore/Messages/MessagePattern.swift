import Foundation
import UnderstudyJSON

/// Which journal messages a count, find, remove or wait is about: WireMock's message pattern,
/// a channel (the opening request's pattern) and a body.
public struct MessagePattern: Sendable {
    /// A pattern for the request that opened the channel; nil for any channel.
    public var channel: RequestPattern?
    /// A matcher for the message body; nil for any message.
    public var body: StringValuePattern?

    /// A pattern over channel and body.
    public init(channel: RequestPattern? = nil, body: StringValuePattern? = nil) {
        self.channel = channel
        self.body = body
    }

    /// Decodes `{"channel": {request pattern}, "body": {content pattern}}`; both are optional.
    public init(json value: JSONValue) throws(MappingError) {
        let reader = try FieldReader(value, at: "")
        channel = try reader.value("channel").map { channel throws(MappingError) in
            try RequestPatternDecoder.decode(channel, at: "/channel")
        }
        body = try reader.value("body").map { body throws(MappingError) in
            try StringValuePatternDecoder.decode(body, at: "/body")
        }
    }

    /// True when `event`'s channel and body match.
    public func matches(_ event: MessageServeEvent) -> Bool {
        if let channel, !channel.matches(MatchContext(request: event.channelRequest)) { return false }
        if let body, !body.matches(event.message) { return false }
        return true
    }
}

extension StringValuePattern {
    /// Matches a message: text as text; bytes by `binaryEqualTo`, or as base64 text otherwise.
    func matches(_ message: MessageBody) -> Bool {
        switch (message, self) {
        case (.binary(let data), .binaryEqualTo(let expected)): data == expected
        default: matches(message.journalText)
        }
    }
}
