import Foundation
import UnderstudyCore

extension StubHost {
    /// Every way a request or a response broke the host's contract (its `openAPI:`), oldest
    /// first, each with the request it came with; empty without a contract. ``reset()`` clears it.
    ///
    /// Strict mode (the test traits, `startStubServer`) turns each into a test failure.
    public var contractViolations: [RecordedContractViolation] {
        engine.journal.contractViolations.all
    }
}
