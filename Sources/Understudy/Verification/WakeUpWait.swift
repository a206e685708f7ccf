/// Looks again each time it is woken, until a look finds what is wanted or the time-out passes:
/// the shared part of waiting on the journal without polling (``JournalWait``, ``WebhookWait``).
enum WakeUpWait {
    struct TimedOut: Error {}

    static func first<Found: Sendable>(
        wakeUps: AsyncStream<Void>, timeout: Duration, look: @escaping @Sendable () -> Found?
    ) async throws -> Found {
        try await withThrowingTaskGroup(of: Found?.self) { group in
            group.addTask {
                for await _ in wakeUps {
                    if let found = look() { return found }
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
