import Foundation
import UnderstudyCore

/// Turns a list of responses into a WireMock scenario: step `i` needs state `step-i` (the first
/// needs `Started`) and moves to `step-i+1`; the last step leaves the state alone, so it repeats.
enum StubSequence {
    static func mappings(_ pattern: RequestPattern, _ responses: [ResponseDefinition], priority: Int?) -> [StubMapping] {
        guard responses.count > 1 else {
            return responses.map { StubMapping(priority: priority, request: pattern, response: $0) }
        }
        let scenario = "understudy-sequence-\(UUID().uuidString.lowercased())"
        func state(_ step: Int) -> String { step == 0 ? scenarioStartedState : "step-\(step)" }
        return responses.enumerated().map { step, response in
            StubMapping(
                priority: priority, scenarioName: scenario, requiredScenarioState: state(step),
                newScenarioState: step < responses.count - 1 ? state(step + 1) : nil,
                request: pattern, response: response)
        }
    }
}
