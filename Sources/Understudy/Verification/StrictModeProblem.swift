import Foundation
import UnderstudyCore

/// One thing strict mode finds wrong with a host, with the key that says whether it was reported
/// already: an unmatched request or a contract violation by its journal event, an unmet
/// expectation by its stub and how often it was used (a later use makes it a new problem).
struct StrictModeProblem: Sendable {
    var key: String
    var message: String

    /// Every problem the host has now, oldest request first, then the unmet expectations.
    static func all(in host: any StubHost) -> [StrictModeProblem] {
        unmatched(in: host.engine) + contractViolations(in: host) + unmetExpectations(in: host.engine)
    }

    /// One per request, its request and response violations together.
    static func contractViolations(in host: any StubHost) -> [StrictModeProblem] {
        var order: [UUID] = []
        var byRequest: [UUID: [RecordedContractViolation]] = [:]
        for recorded in host.contractViolations {
            if byRequest[recorded.eventID] == nil { order.append(recorded.eventID) }
            byRequest[recorded.eventID, default: []].append(recorded)
        }
        return order.compactMap { id in
            guard let all = byRequest[id], let first = all.first else { return nil }
            let report = ContractReport.render(all.map(\.violation))
            return StrictModeProblem(
                key: "contract \(id)", message: "Contract violation: \(first.method) \(first.url)\n\(report)")
        }
    }

    static func unmatched(in engine: StubEngine) -> [StrictModeProblem] {
        // A GET answered from `__files` has no stub but was served: only real misses count.
        engine.journal.unmatchedEvents.compactMap { event in
            guard let notMatched = event.subEvents.first(where: { $0.type == SubEvent.Kind.requestNotMatched }) else {
                return nil
            }
            let request = event.request
            let diff = notMatched.data["report"]?.stringValue ?? nearMissReport(for: request, in: engine)
            return StrictModeProblem(
                key: "unmatched \(event.id)", message: "Unmatched request: \(request.method) \(request.url)\n\(diff)")
        }
    }

    static func unmetExpectations(in engine: StubEngine) -> [StrictModeProblem] {
        StubExpectation.all(in: engine.store).compactMap { expectation in
            let uses = expectation.uses(in: engine.journal)
            guard !expectation.count.isSatisfied(by: uses) else { return nil }
            let times = "\(expectation.count) time\(expectation.count == .exactly(1) ? "" : "s")"
            return StrictModeProblem(
                key: "expected \(expectation.stubIDs.map(\.uuidString)) \(uses)",
                message: "Stub \(expectation.label) was expected to be used \(times), but was used \(uses).")
        }
    }

    static func nearMissReport(for request: LoggedRequest, in engine: StubEngine) -> String {
        let misses = engine.store.nearMisses(to: request)
        return misses.first.map { DiffRenderer.render($0) } ?? DiffRenderer.noStubsMessage
    }
}
