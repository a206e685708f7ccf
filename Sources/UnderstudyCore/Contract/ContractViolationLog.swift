import Foundation
import Synchronization

/// The newest contract violations, bounded like the journal; what `/__admin/openapi/violations`
/// lists. The journal owns it, so every journal reset clears it too.
public final class ContractViolationLog: Sendable {
    /// How many violations are kept; the oldest go first.
    public static let defaultCapacity = 10_000

    private let state: Mutex<[RecordedContractViolation]> = Mutex([])
    private let capacity: Int

    /// An empty log that keeps at most `capacity` violations.
    public init(capacity: Int = ContractViolationLog.defaultCapacity) {
        self.capacity = max(0, capacity)
    }

    /// Adds violations, dropping the oldest beyond capacity.
    public func append(_ violations: [RecordedContractViolation]) {
        guard !violations.isEmpty else { return }
        state.withLock { list in
            list.append(contentsOf: violations)
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
    }

    /// Every violation kept, oldest first.
    public var all: [RecordedContractViolation] { state.withLock { $0 } }

    /// Forgets every violation.
    public func removeAll() { state.withLock { $0.removeAll() } }
}
