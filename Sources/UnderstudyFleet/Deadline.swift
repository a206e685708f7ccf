/// Runs `work` for at most `limit`; a database that stopped answering (a cut cable, a stopped
/// server whose connections linger) must not hold up a heartbeat or a flush for long.
func withDeadline<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw FleetError.unavailable("no answer within \(limit)")
        }
        return value
    }
}
