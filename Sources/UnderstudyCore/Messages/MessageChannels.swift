import Foundation
import Synchronization
import UnderstudyJSON
import UnderstudyTemplating

/// What a transport gives the engine for one open channel: a way to send on it and close it.
/// Calls come from any thread; the transport hops to its own (an event loop) to act.
public protocol MessageChannelSink: Sendable {
    /// Sends `body` after `delay` milliseconds (0: now), calling `sent` as it goes out (before
    /// the client can have read it, so the journal never lags behind what a client saw).
    func send(_ body: MessageBody, afterMilliseconds delay: Int, sent: @escaping @Sendable () -> Void)
    /// Closes the channel with a close code and reason after `delay` milliseconds.
    func close(code: Int, reason: String, afterMilliseconds delay: Int)
}

/// A channel's opening request, shared by the channel and every journal entry of its messages
/// rather than copied into each (a request is a dozen reference-counted fields).
final class SharedRequest: Sendable {
    let request: LoggedRequest
    init(_ request: LoggedRequest) { self.request = request }
}

/// One open channel as the admin API and the Swift API list it.
public struct MessageChannel: Sendable, Identifiable {
    /// The channel's id.
    public var id: UUID
    let shared: SharedRequest
    /// The request that opened it (the WebSocket upgrade).
    public var request: LoggedRequest { shared.request }
    /// When it opened.
    public var openedAt: Date

    init(id: UUID, request: LoggedRequest, openedAt: Date) {
        self.id = id
        self.shared = SharedRequest(request)
        self.openedAt = openedAt
    }

    /// WireMock's logged message channel JSON.
    public var json: JSONValue {
        [
            "id": .string(id.lowercasedString), "type": "websocket", "initiatingRequest": request.json,
            "open": true
        ]
    }
}

/// The open channels of one stub world, oldest first.
public final class MessageChannels: Sendable {
    /// A class, so the lookup on every message hands out one reference rather than copying the
    /// channel and its sink field by field.
    final class Entry: Sendable {
        let channel: MessageChannel
        let sink: any MessageChannelSink
        /// The `message` stubs that may answer this channel, for the store version they name.
        private let cached = Mutex<MessageCandidates?>(nil)

        init(channel: MessageChannel, sink: any MessageChannelSink) {
            self.channel = channel
            self.sink = sink
        }

        /// The candidate stubs for the store as it is now, worked out again only when it changed.
        func candidates(in store: MessageStubStore, templates: TemplateCache) -> MessageCandidates {
            let version = store.version
            if let current = cached.withLock({ $0 }), current.version == version { return current }
            let (latest, stubs) = store.versioned
            let made = MessageCandidates(version: latest, stubs: stubs, request: channel.request, templates: templates)
            cached.withLock { $0 = made }
            return made
        }
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        /// Ids in the order the channels opened.
        var order: [UUID] = []
    }

    private let state = Mutex(State())

    /// No channels yet.
    public init() {}

    /// Every open channel, oldest first.
    public var all: [MessageChannel] {
        state.withLock { state in state.order.compactMap { state.entries[$0]?.channel } }
    }

    func add(_ entry: Entry) {
        state.withLock {
            $0.entries[entry.channel.id] = entry
            $0.order.append(entry.channel.id)
        }
    }

    func remove(id: UUID) {
        state.withLock {
            guard $0.entries.removeValue(forKey: id) != nil else { return }
            $0.order.removeAll { $0 == id }
        }
    }

    /// Looked up on every message, so by key rather than by scanning every channel.
    func entry(id: UUID) -> Entry? { state.withLock { $0.entries[id] } }

    /// The open channels whose opening request matches, oldest first.
    func entries(matching pattern: RequestPattern?) -> [Entry] {
        let entries = state.withLock { state in state.order.compactMap { state.entries[$0] } }
        guard let pattern else { return entries }
        return entries.filter { pattern.matches(MatchContext(request: $0.channel.request)) }
    }
}
