import Foundation
import Understudy
import UnderstudyCore

/// What strict mode finds wrong with a host at the end of a test.
public enum StrictCheck {
    /// One message per unmatched request (with its near-miss diff), per request that broke the
    /// host's contract (with a table of its violations) and per stub whose
    /// `StubHandle.expected(times:)` was not met. Empty when all is well.
    public static func problems(in host: any StubHost) -> [String] {
        unmatched(in: host.engine) + contractViolations(in: host) + unmetExpectations(in: host.engine)
    }

    /// One message per request, its request and response violations together, oldest first.
    static func contractViolations(in host: any StubHost) -> [String] {
        var order: [UUID] = []
        var byRequest: [UUID: [RecordedContractViolation]] = [:]
        for recorded in host.contractViolations {
            if byRequest[recorded.eventID] == nil { order.append(recorded.eventID) }
            byRequest[recorded.eventID, default: []].append(recorded)
        }
        return order.compactMap { id in
            guard let all = byRequest[id], let first = all.first else { return nil }
            let report = ContractReport.render(all.map(\.violation))
            return "Contract violation: \(first.method) \(first.url)\n\(report)"
        }
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
