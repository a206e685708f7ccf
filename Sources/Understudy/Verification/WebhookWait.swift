import Foundation
import UnderstudyCore

/// Waits for webhook outcomes in the journal, woken by its sub-event observer, not by polling.
enum WebhookWait {
    typealias TimedOut = WakeUpWait.TimedOut

    static func outcomes(in journal: RequestJournal) -> [SubEvent] {
        journal.events.flatMap { $0.subEvents.filter { $0.type == SubEvent.Kind.webhook } }
    }

    static func until(_ journal: RequestJournal, has count: Int, timeout: Duration) async throws -> [SubEvent] {
        let (wakeUps, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // Observe before the first look, so no outcome can slip between the two.
        let token = journal.observeSubEvents { _, notes in
            if notes.contains(where: { $0.type == SubEvent.Kind.webhook }) { continuation.yield() }
        }
        defer {
            token.cancel()
            continuation.finish()
        }
        continuation.yield()
        return try await WakeUpWait.first(wakeUps: wakeUps, timeout: timeout) {
            let found = outcomes(in: journal)
            return found.count >= count ? found : nil
        }
    }
}
