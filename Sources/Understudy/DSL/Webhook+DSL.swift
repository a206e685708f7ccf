import Foundation
import UnderstudyCore

extension Webhook {
    /// A `POST` to `url` with a text body; every string may use `{{originalRequest.…}}` and
    /// `{{originalResponse.…}}` templates.
    public static func post(_ url: String, body: String? = nil, headers: [String: String] = [:]) -> Webhook {
        Webhook(
            method: "POST", url: url,
            headers: headers.sorted { $0.key < $1.key }.map { NamedValues($0.key, [$0.value]) },
            body: body.map { .text($0) })
    }

    /// This webhook sent `duration` after the stub's response rather than at once.
    public func delay(_ duration: Duration) -> Webhook {
        var copy = self
        copy.delay = .fixed(milliseconds: Int(duration.wholeMilliseconds))
        return copy
    }
}

extension StubHost {
    /// Has this host's webhooks sent by `sender` (`AsyncHTTPWebhookSender` from
    /// `UnderstudyRecording`), each target given `timeout` to answer. Until then they are
    /// journalled as not sent.
    public func sendWebhooks(with sender: any WebhookSender, timeout: Duration = .seconds(10)) {
        engine.webhooks.sender = sender
        engine.webhooks.timeout = timeout
    }

    /// Waits, without polling, until at least `count` webhooks have an outcome in the journal
    /// (sent, failed or not sent); returns every webhook sub-event, oldest event first.
    /// - Throws: ``VerificationError`` when `timeout` passes first.
    @discardableResult
    public func waitForWebhooks(count: Int = 1, timeout: Duration = .seconds(5)) async throws -> [SubEvent] {
        do {
            return try await WebhookWait.until(engine.journal, has: count, timeout: timeout)
        } catch is WebhookWait.TimedOut {
            let found = WebhookWait.outcomes(in: engine.journal).count
            throw VerificationError(
                summary:
                    "Timed out after \(timeout) waiting for \(count) webhook\(count == 1 ? "" : "s"); \(found) done.",
                pattern: RequestPattern(), matchedCount: found, received: receivedRequests)
        }
    }
}
