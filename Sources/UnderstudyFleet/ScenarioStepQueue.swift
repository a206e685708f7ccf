import Dispatch
import Synchronization
import UnderstudyCore

/// Combines a node's concurrent steps of one scenario into one round trip to PostgreSQL.
///
/// Each step waits on its own thread (the server's off-loop pool) as before. The first to arrive
/// while no round trip is out for its scenario leads: it takes every step queued by then and sends
/// them as one batch (`understudy_advance_many`), which takes them in order under one row lock.
/// Steps that arrive meanwhile queue; when the batch is back, the leader hands the lead to the
/// first of them. Under 64 concurrent requests on one scenario this is a few round trips instead
/// of 64 that each wait for the row lock.
final class ScenarioStepQueue: Sendable {
    /// One waiting step: its candidates and where its answer goes.
    struct Step: Sendable {
        let candidates: [ScenarioTransition]
        let answer: Answer
    }

    /// A step's answer, or the word that it leads the next batch.
    final class Answer: Sendable {
        enum Value: Sendable {
            case done(SharedScenarioAdvance)
            case lead
        }

        private let ready = DispatchSemaphore(value: 0)
        private let value = Mutex<Value?>(nil)

        func give(_ value: Value) {
            self.value.withLock { $0 = value }
            ready.signal()
        }

        func wait() -> Value {
            ready.wait()
            return value.withLock { $0 } ?? .done(.unavailable(reason: "no answer"))
        }
    }

    private struct Scenario {
        var queued: [Step] = []
        var leading = false
    }

    private let scenarios = Mutex<[String: Scenario]>([:])
    /// Sends one batch; answers one result per step, in order.
    let send: @Sendable (_ scenario: String, _ steps: [[ScenarioTransition]]) -> [SharedScenarioAdvance]

    init(send: @escaping @Sendable (_ scenario: String, _ steps: [[ScenarioTransition]]) -> [SharedScenarioAdvance]) {
        self.send = send
    }

    /// Takes one step, in a batch with whatever else is queued for `scenario`.
    func advance(_ scenario: String, firstOf candidates: [ScenarioTransition]) -> SharedScenarioAdvance {
        let answer = Answer()
        let leads = scenarios.withLock { all in
            all[scenario, default: Scenario()].queued.append(Step(candidates: candidates, answer: answer))
            guard all[scenario]?.leading == false else { return false }
            all[scenario]?.leading = true
            return true
        }
        if !leads, case .done(let result) = answer.wait() { return result }
        // Leading: this step is in the queue, so the batch taken now includes it.
        let batch = scenarios.withLock { all in
            let queued = all[scenario]?.queued ?? []
            all[scenario]?.queued = []
            return queued
        }
        let results = send(scenario, batch.map(\.candidates))
        var own: SharedScenarioAdvance = .unavailable(reason: "no answer")
        for (position, step) in batch.enumerated() {
            let result = position < results.count ? results[position] : .unavailable(reason: "no answer")
            if step.answer === answer { own = result } else { step.answer.give(.done(result)) }
        }
        // The next batch is led by the first step that queued meanwhile, on its own thread.
        let next = scenarios.withLock { all -> Step? in
            guard let first = all[scenario]?.queued.first else {
                all[scenario] = nil
                return nil
            }
            return first
        }
        next?.answer.give(.lead)
        return own
    }
}
