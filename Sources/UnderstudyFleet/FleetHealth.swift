import Synchronization

/// Whether this node reaches the fleet's database now, as its heartbeat last found, and what it
/// did meanwhile: a node that knows it is cut off answers at once instead of waiting for a timeout.
final class FleetHealth: Sendable {
    private let reachable = Atomic<Bool>(true)
    private let lastProblem = Mutex<String?>(nil)
    /// Scenario steps taken locally because the database was out of reach.
    let localSteps = Atomic<Int>(0)

    var isReachable: Bool { reachable.load(ordering: .acquiring) }
    var problem: String? { lastProblem.withLock { $0 } }

    /// Records a round trip that worked; true when it ends a time cut off.
    @discardableResult
    func succeeded() -> Bool {
        let wasCutOff = !reachable.exchange(true, ordering: .acquiringAndReleasing)
        if wasCutOff { lastProblem.withLock { $0 = nil } }
        return wasCutOff
    }

    /// Records a failed round trip; true when it starts a time cut off.
    @discardableResult
    func failed(_ problem: String) -> Bool {
        lastProblem.withLock { $0 = problem }
        return reachable.exchange(false, ordering: .acquiringAndReleasing)
    }
}
