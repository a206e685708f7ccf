import Foundation
import UnderstudyCore

extension MessageAction {
    /// Sends text to `target` (the channel the trigger came in on, by default), after `delay`.
    /// - Parameters:
    ///   - text: the message.
    ///   - target: where to send it.
    ///   - delay: how long after the trigger.
    ///   - templated: renders `{{request.…}}` and `{{message.body}}` (`response-template`).
    public static func send(
        _ text: String, to target: ChannelTarget = .originating, after delay: Duration? = nil, templated: Bool = false
    ) -> MessageAction {
        .send(
            MessageSend(
                body: .text(text), target: target, delayMilliseconds: delay.map(milliseconds),
                transformers: templated ? ["response-template"] : []))
    }

    /// Sends bytes (a binary message) to `target`, after `delay`.
    public static func send(bytes: Data, to target: ChannelTarget = .originating, after delay: Duration? = nil)
        -> MessageAction
    {
        .send(MessageSend(body: .binary(bytes), target: target, delayMilliseconds: delay.map(milliseconds)))
    }

    /// Closes `target` with a close code and reason, after `delay`.
    public static func close(
        code: Int = 1000, reason: String = "", to target: ChannelTarget = .originating, after delay: Duration? = nil
    ) -> MessageAction {
        .close(MessageClose(code: code, reason: reason, target: target, delayMilliseconds: delay.map(milliseconds)))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }
}

extension MessageStubMapping {
    /// A stub that answers messages on channels opened by requests matching `channel` (any
    /// channel when nil) whose body matches `body` (any message when nil).
    public static func onMessage(
        _ body: StringValuePattern? = nil, channel: RequestPattern? = nil, priority: Int? = nil,
        _ actions: MessageAction...
    ) -> MessageStubMapping {
        MessageStubMapping(priority: priority, trigger: .message(channel: channel, body: body), actions: actions)
    }

    /// A stub that acts as soon as a channel opens (our extension to WireMock's format).
    public static func onOpen(channel: RequestPattern? = nil, _ actions: MessageAction...) -> MessageStubMapping {
        MessageStubMapping(trigger: .channelOpen(channel: channel), actions: actions)
    }

    /// A stub that acts when an HTTP request matching `request` arrives.
    public static func onRequest(_ request: RequestPattern, _ actions: MessageAction...) -> MessageStubMapping {
        MessageStubMapping(trigger: .httpRequest(request), actions: actions)
    }
}

extension ChannelTarget {
    /// Every open channel whose opening request matches `pattern`.
    public static func channels(_ pattern: RequestPattern) -> ChannelTarget { .requestInitiated(pattern) }
}
