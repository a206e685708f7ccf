import Foundation
import Understudy
import UnderstudyCore

/// What strict mode finds wrong with a host at the end of a test.
public enum StrictCheck {
    /// One message per unmatched request (with its near-miss diff) and per stub whose
    /// `StubHandle.expected(times:)` was not met. Empty when all is well.
    public static func problems(in host: any StubHost) -> [String] {
        unmatched(in: host.engine) + unmetExpectations(in: host.engine)
    }

    static func unmatched(in engine: StubEngine) -> [String] {
        // A GET answered from `__files` has no stub but was served: only real misses count.
        engine.journal.unmatchedEvents.compactMap { event in
            guard let notMatched = event.subEvents.first(where: { $0.type == "REQUEST_NOT_MATCHED" }) else {
                return nil
            }
            let request = event.request
            let diff = notMatched.data["report"]?.stringValue ?? nearMissReport(for: request, in: engine)
            return "Unmatched request: \(request.method) \(request.url)\n\(diff)"
        }
    }

    static func unmetExpectations(in engine: StubEngine) -> [String] {
        StubExpectation.all(in: engine.store).compactMap { expectation in
            let uses = expectation.uses(in: engine.journal)
            guard !expectation.count.isSatisfied(by: uses) else { return nil }
            return
                "Stub \(expectation.label) was expected to be used \(expectation.count) time\(expectation.count == .exactly(1) ? "" : "s"), but was used \(uses)."
        }
    }

    static func nearMissReport(for request: LoggedRequest, in engine: StubEngine) -> String {
        let misses = engine.store.nearMisses(to: request)
        return misses.first.map { DiffRenderer.render($0) } ?? DiffRenderer.noStubsMessage
    }
}
