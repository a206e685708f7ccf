import Foundation
import UnderstudyCore

/// Waits for the journal to hold enough matching requests, woken by the journal's observer
/// rather than by polling.
enum JournalWait {
    typealias TimedOut = WakeUpWait.TimedOut

    /// Returns the matching requests once there are at least `count`, or throws `TimedOut`.
    static func until(_ journal: RequestJournal, has count: Int, matching pattern: RequestPattern, timeout: Duration)
        async throws -> [LoggedRequest]
    {
        let (wakeUps, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // Observe before the first look, so no request can slip between the two.
        let token = journal.observe { event in
            if pattern.matches(MatchContext(request: event.request)) { continuation.yield() }
        }
        defer {
            token.cancel()
            continuation.finish()
        }
        continuation.yield()
        return try await WakeUpWait.first(wakeUps: wakeUps, timeout: timeout) {
            let found = journal.requests(matching: pattern)
            return found.count >= count ? found : nil
        }
    }
}
