import Foundation
import UnderstudyJSON
import UnderstudyTemplating

/// The message side of one stub world: message stubs, open channels and the message journal.
/// A transport reports channels opening and closing and messages arriving; the engine picks
/// the stub, journals the message and acts through each target channel's sink.
public final class MessageEngine: Sendable {
    /// The message stubs.
    public let stubs = MessageStubStore()
    /// The open channels.
    public let channels = MessageChannels()
    /// The messages received and sent.
    public let journal: MessageJournal
    /// Renders `response-template` sends; shared with the HTTP side.
    let templater: ResponseTemplater
    let files: FilesDirectory?
    /// What `response-template` sends render with; the same for every message.
    private let templateEnvironment: TemplateEnvironment

    init(templater: ResponseTemplater, files: FilesDirectory?, journal: MessageJournal = MessageJournal()) {
        self.templater = templater
        self.files = files
        self.journal = journal
        self.templateEnvironment = templater.environment(files: files)
    }

    /// True when an HTTP answer may trigger a message stub.
    public var hasHTTPTriggers: Bool { stubs.hasHTTPTriggers }

    /// Registers a channel that has just opened, runs the `channel-open` stubs for it, and
    /// returns its id.
    public func opened(request: LoggedRequest, sink: any MessageChannelSink) -> UUID {
        let channel = MessageChannel(id: FastUUID.next(), request: request, openedAt: Date())
        let entry = MessageChannels.Entry(channel: channel, sink: sink)
        channels.add(entry)
        let context = MatchContext(request: request)
        if let stub = stubs.stubs.first(where: {
            guard case .channelOpen(let pattern) = $0.trigger else { return false }
            return pattern?.matches(context) ?? true
        }) {
            run(stub, origin: entry, request: channel.shared, message: nil)
        }
        return channel.id
    }

    /// Forgets a channel that has closed.
    public func closed(channelID: UUID) { channels.remove(id: channelID) }

    /// A message arrived on a channel: the first matching `message` stub acts, and the journal
    /// records the message (matched or not) before anything the stub sends.
    public func received(_ message: MessageBody, channelID: UUID) {
        guard let entry = channels.entry(id: channelID) else { return }
        let request = entry.channel.shared
        let candidate = entry.candidates(in: stubs, templates: templater.cache).first(
            matching: message, request: request)
        let stub = candidate?.stub
        journal.record { MessageServeEvent(direction: .received, channel: entry.channel, message: message, stub: stub) }
        if let candidate {
            run(candidate.stub, origin: entry, request: request, message: message, templates: candidate.templates)
        }
    }

    /// An HTTP request was answered, by the stub with `stubID` when one matched: the
    /// `http-stub` and `http-request` message stubs for it act.
    public func httpRequestServed(_ request: LoggedRequest, stubID: UUID?) {
        let all = stubs.stubs
        let context = MatchContext(request: request)
        let shared = SharedRequest(request)
        for stub in all {
            switch stub.trigger {
            case .httpStub(let id) where id == stubID: run(stub, origin: nil, request: shared, message: nil)
            case .httpRequest(let pattern) where pattern.matches(context):
                run(stub, origin: nil, request: shared, message: nil)
            default: continue
            }
        }
    }

    /// Sends a message to every open channel whose opening request matches (every channel
    /// when `pattern` is nil), as `POST /__admin/channels/send` does; returns those channels.
    @discardableResult
    public func send(_ body: MessageBody, toChannelsMatching pattern: RequestPattern?) -> [MessageChannel] {
        let targets = channels.entries(matching: pattern)
        for entry in targets { send(body, to: entry, stub: nil, delay: 0) }
        return targets.map(\.channel)
    }

    /// Runs `stub`'s actions; `templates`, when given, holds each action's compiled template.
    private func run(
        _ stub: MessageStubMapping, origin: MessageChannels.Entry?, request: SharedRequest, message: MessageBody?,
        templates: [Result<MessageTemplate, TemplateError>?] = []
    ) {
        for (index, action) in stub.actions.enumerated() {
            switch action {
            case .send(let send):
                let compiled = index < templates.count ? templates[index] : nil
                let body = rendered(send, request: request, message: message, compiled: compiled)
                let delay = send.delayMilliseconds ?? 0
                // The usual answer, back on the channel it came from: no array of one to make.
                if case .originating = send.target {
                    if let origin { self.send(body, to: origin, stub: stub, delay: delay) }
                    continue
                }
                for entry in targets(send.target, origin: origin) {
                    self.send(body, to: entry, stub: stub, delay: delay)
                }
            case .close(let close):
                for entry in targets(close.target, origin: origin) {
                    entry.sink.close(
                        code: close.code, reason: close.reason, afterMilliseconds: close.delayMilliseconds ?? 0)
                }
            }
        }
    }

    private func targets(_ target: ChannelTarget, origin: MessageChannels.Entry?) -> [MessageChannels.Entry] {
        switch target {
        case .originating: origin.map { [$0] } ?? []
        case .requestInitiated(let pattern): channels.entries(matching: pattern)
        }
    }

    private func send(_ body: MessageBody, to entry: MessageChannels.Entry, stub: MessageStubMapping?, delay: Int) {
        // A send now is journalled here, just before it is handed over, as the sink would: no
        // closure to allocate for every message.
        guard delay > 0 else {
            journal.record { MessageServeEvent(direction: .sent, channel: entry.channel, message: body, stub: stub) }
            return entry.sink.send(body, afterMilliseconds: 0, sent: Self.alreadyJournalled)
        }
        let journal = self.journal
        entry.sink.send(body, afterMilliseconds: delay) {
            journal.record { MessageServeEvent(direction: .sent, channel: entry.channel, message: body, stub: stub) }
        }
    }

    private static let alreadyJournalled: @Sendable () -> Void = {}

    /// A text body rendered as a template when the send names `response-template`; a template
    /// error is sent as its text, so the client sees what went wrong.
    /// `compiled` is the send's template when the caller compiled it already.
    private func rendered(
        _ send: MessageSend, request: SharedRequest, message: MessageBody?,
        compiled: Result<MessageTemplate, TemplateError>?
    ) -> MessageBody {
        do {
            let template: MessageTemplate
            if let compiled {
                template = try compiled.get()
            } else {
                guard let text = send.templateText else { return send.body }
                template = MessageTemplate(try templater.cache.template(text))
            }
            return .text(
                try template.render(
                    channelRequest: request, messageBody: message?.journalText ?? "",
                    systemKeys: templater.systemKeys, environment: templateEnvironment))
        } catch {
            return .text(error.description)
        }
    }
}

extension MessageSend {
    /// The text to render when the send names `response-template` and has a text body with an
    /// expression in it; nil when it is sent as it is.
    var templateText: String? {
        // The transformer first: it is a short array, and most sends are not templated.
        guard transformers.contains("response-template"), case .text(let text) = body,
            text.utf8.contains(UInt8(ascii: "{"))
        else { return nil }
        return text
    }
}

extension MessageStubMapping {
    var hasHTTPTrigger: Bool {
        switch trigger {
        case .httpStub, .httpRequest: true
        case .message, .channelOpen: false
        }
    }
}
