import Foundation
import UnderstudyCore

/// Waits for the journal to hold enough matching requests, woken by the journal's observer
/// rather than by polling.
enum JournalWait {
    struct TimedOut: Error {}

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
        return try await withThrowingTaskGroup(of: [LoggedRequest]?.self) { group in
            group.addTask {
                for await _ in wakeUps {
                    let found = journal.requests(matching: pattern)
                    if found.count >= count { return found }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let found = first else { throw TimedOut() }
            return found
        }
    }
}
