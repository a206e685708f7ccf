import Foundation
import Synchronization
import UnderstudyJSON

/// Sends a stub's webhooks once its response is out, each in a task of its own (never on the
/// event loop, never holding up the response), and notes each outcome on the serve event as a
/// ``SubEvent/Kind/webhook`` sub-event.
public final class WebhookDispatcher: Sendable {
    /// How long a target gets to answer unless set otherwise.
    public static let defaultTimeout: Duration = .seconds(10)

    struct State {
        var sender: (any WebhookSender)?
        var timeout = WebhookDispatcher.defaultTimeout
        var warnedNoSender = false
        var warn: @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data("understudy: \(message)\n".utf8))
        }
    }

    private let state = Mutex(State())

    /// A dispatcher with no sender: webhooks are journalled as not sent.
    public init() {}

    /// What sends webhooks; without one they are journalled as not sent (and a warning said once).
    public var sender: (any WebhookSender)? {
        get { state.withLock { $0.sender } }
        set { state.withLock { $0.sender = newValue } }
    }

    /// How long a target gets to answer before the webhook is journalled as timed out.
    public var timeout: Duration {
        get { state.withLock { $0.timeout } }
        set { state.withLock { $0.timeout = newValue } }
    }

    /// Where warnings go (standard error unless set; the server sets its logger).
    public var warn: @Sendable (String) -> Void {
        get { state.withLock { $0.warn } }
        set { state.withLock { $0.warn = newValue } }
    }

    func dispatch(_ stub: StubMapping, event: ServeEvent, response: LoggedResponse, engine: StubEngine) {
        let (sender, timeout, warning) = state.withLock {
            state -> ((any WebhookSender)?, Duration, (@Sendable (String) -> Void)?) in
            guard state.sender == nil, !state.warnedNoSender else { return (state.sender, state.timeout, nil) }
            state.warnedNoSender = true
            return (nil, state.timeout, state.warn)
        }
        warning?(
            "stub \(stub.name ?? stub.id.lowercasedString) has webhooks but no webhook sender is installed:"
                + " they are journalled as not sent")
        for webhook in stub.webhooks {
            Task.detached {
                let note = await Self.run(
                    webhook, stub: stub, event: event, response: response, engine: engine, sender: sender,
                    timeout: timeout)
                engine.journal.append([note], to: event.id)
            }
        }
    }

    private static func run(
        _ webhook: Webhook, stub: StubMapping, event: ServeEvent, response: LoggedResponse, engine: StubEngine,
        sender: (any WebhookSender)?, timeout: Duration
    ) async -> SubEvent {
        if let delay = webhook.delay {
            try? await Task.sleep(for: .delay(milliseconds: delay.sampleMilliseconds().rounded()))
        }
        let request: WebhookRequest
        do {
            request = try engine.templater.render(
                webhook, stub: stub, request: event.request, response: response, files: engine.files)
        } catch {
            return WebhookOutcome(request: nil, result: .failure("template error: \(error.description)")).subEvent
        }
        guard let sender else {
            return WebhookOutcome(request: request, result: .failure("not sent: no webhook sender is installed"))
                .subEvent
        }
        let started = ContinuousClock.now
        let result = await Self.send(request, with: sender, timeout: timeout)
        return WebhookOutcome(request: request, result: result, elapsed: ContinuousClock.now - started).subEvent
    }

    /// Sends, giving up after `timeout` even when the sender does not.
    private static func send(
        _ request: WebhookRequest, with sender: any WebhookSender, timeout: Duration
    ) async -> WebhookOutcome.Result {
        await withTaskGroup(of: WebhookOutcome.Result.self) { group in
            group.addTask {
                do { return .status(try await sender.send(request, timeout: timeout)) } catch {
                    return .failure(String(describing: error))
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return .failure(WebhookTimedOut(timeout: timeout).description)
            }
            let first = await group.next() ?? .failure("cancelled")
            group.cancelAll()
            return first
        }
    }
}
