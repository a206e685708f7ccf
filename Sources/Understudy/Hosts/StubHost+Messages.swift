import Foundation
import UnderstudyCore

/// WebSocket message stubs, channels and the message journal, on any host. Channels exist only
/// over a real socket: on the in-process transport adding a message stub fails at once with a
/// ``MessageStubsNeedTheServer`` that names the server transport.
extension StubHost {
    /// Adds a message stub (`MessageStubMapping`) and returns it.
    /// - Throws: ``MessageStubsNeedTheServer`` on the in-process transport.
    @discardableResult
    public func stub(message stub: MessageStubMapping) throws -> MessageStubMapping {
        guard transport == .server else { throw MessageStubsNeedTheServer() }
        engine.messages.stubs.add(stub)
        return stub
    }

    /// Adds a message stub written in WireMock's message-mapping JSON and returns it.
    /// - Throws: `MappingError` for bad JSON; ``MessageStubsNeedTheServer`` on the in-process transport.
    @discardableResult
    public func stub(messageJSON text: String) throws -> MessageStubMapping {
        try stub(message: try MessageStubMapping(jsonText: text))
    }

    /// The message stubs, in match order.
    public var messageStubs: [MessageStubMapping] { engine.messages.stubs.stubs }

    /// The open WebSocket channels, oldest first.
    public var channels: [MessageChannel] { engine.messages.channels.all }

    /// Every message received on or sent to a channel, oldest first.
    public var messages: [MessageServeEvent] { engine.messages.journal.events }

    /// Sends a message to every open channel whose opening request matches `pattern` (every
    /// channel when nil); returns the channels it went to.
    @discardableResult
    public func send(_ message: MessageBody, to pattern: RequestPattern? = nil) -> [MessageChannel] {
        engine.messages.send(message, toChannelsMatching: pattern)
    }

    /// Checks how many journalled messages match `pattern`.
    /// - Throws: ``MessageVerificationError`` with the count and the messages journalled.
    public func verify(messages pattern: MessagePattern, _ count: VerificationCount = .atLeast(1)) throws {
        let matched = engine.messages.journal.count(matching: pattern)
        guard !count.isSatisfied(by: matched) else { return }
        throw MessageVerificationError(
            summary:
                "Expected \(count) message\(count == .exactly(1) ? "" : "s") matching the pattern, but found \(matched).",
            matchedCount: matched, journal: messages)
    }

    /// Waits, without polling, until at least `count` journalled messages match `pattern`
    /// (received or sent); returns them.
    /// - Throws: ``MessageVerificationError`` when `timeout` passes first.
    @discardableResult
    public func waitForMessages(matching pattern: MessagePattern, count: Int = 1, timeout: Duration = .seconds(5))
        async throws -> [MessageServeEvent]
    {
        let journal = engine.messages.journal
        let (wakeUps, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // Observe before the first look, so no message can slip between the two.
        let token = journal.observe { event in
            if pattern.matches(event) { continuation.yield() }
        }
        defer {
            token.cancel()
            continuation.finish()
        }
        continuation.yield()
        do {
            return try await WakeUpWait.first(wakeUps: wakeUps, timeout: timeout) {
                let found = journal.events(matching: pattern)
                return found.count >= count ? Array(found.prefix(count)) : nil
            }
        } catch is WakeUpWait.TimedOut {
            let matched = journal.count(matching: pattern)
            throw MessageVerificationError(
                summary:
                    "Timed out after \(timeout) waiting for \(count) message\(count == 1 ? "" : "s") matching the pattern; found \(matched).",
                matchedCount: matched, journal: messages)
        }
    }
}

/// A message stub added to an in-process host: WebSocket needs a socket.
public struct MessageStubsNeedTheServer: Error, Sendable, CustomStringConvertible {
    public var description: String {
        "Understudy in-process: WebSocket message stubs need a real socket, which URLProtocol interception does not have (URLSessionWebSocketTask never reaches a URLProtocol). Run this test over the server transport (StubServer, withStubServer, or withStubs(.server))."
    }
}

/// A message verification or wait that failed: what was expected, and what the journal holds.
public struct MessageVerificationError: Error, Sendable, CustomStringConvertible {
    /// The first line: what was expected and what happened.
    public var summary: String
    /// How many journalled messages matched.
    public var matchedCount: Int
    /// Every message journalled, oldest first (at the time of the failure).
    public var journal: [MessageServeEvent]

    public var description: String {
        var lines = [summary]
        if journal.isEmpty {
            lines.append("Messages journalled: none")
        } else {
            lines.append("Messages journalled (\(journal.count)):")
            for event in journal.suffix(50) {
                lines.append(
                    "  \(event.direction.rawValue) \(event.channelRequest.url): \(event.message.journalText.prefix(200))"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
