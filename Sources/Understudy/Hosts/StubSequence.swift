import Foundation
import UnderstudyCore

/// What a sequence does once its last response has been given.
public enum SequenceEnding: Sendable, Hashable {
    /// The last response repeats for every later request (the default).
    case thenRepeatLast
    /// Later requests match no stub: they get WireMock's 404 with the near-miss report, and
    /// strict mode records them as unmatched.
    case thenFail
}

/// Turns a list of responses into a WireMock scenario: step `i` needs state `step-i` (the first
/// needs `Started`) and moves to `step-i+1`; the last step leaves the state alone, so it repeats,
/// or, with ``SequenceEnding/thenFail``, moves to `exhausted`, which no stub answers.
enum StubSequence {
    static let exhaustedState = "exhausted"

    static func mappings(
        _ pattern: RequestPattern, _ responses: [ResponseDefinition], priority: Int?,
        ending: SequenceEnding = .thenRepeatLast
    ) -> [StubMapping] {
        guard responses.count > 1 || (ending == .thenFail && !responses.isEmpty) else {
            return responses.map { StubMapping(priority: priority, request: pattern, response: $0) }
        }
        let scenario = "understudy-sequence-\(UUID().lowercasedString)"
        func state(_ step: Int) -> String { step == 0 ? scenarioStartedState : "step-\(step)" }
        let last = responses.count - 1
        return responses.enumerated().map { step, response in
            let next: String? = step < last ? state(step + 1) : (ending == .thenFail ? exhaustedState : nil)
            return StubMapping(
                priority: priority, scenarioName: scenario, requiredScenarioState: state(step),
                newScenarioState: next, request: pattern, response: response)
        }
    }
}
