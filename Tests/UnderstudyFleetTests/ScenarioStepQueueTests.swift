import Dispatch
import Foundation
import Synchronization
import Testing
import UnderstudyCore

@testable import UnderstudyFleet

/// The combining of a node's concurrent steps of one scenario: no database, a `send` that takes
/// each batch's steps in order as the database function does, and 64 threads at once.
struct ScenarioStepQueueTests {
    /// A three-state cycle in memory, stepped in batches, counting the batches.
    final class Cycle: Sendable {
        let state = Mutex(("Started", 0))

        func send(_ steps: [[ScenarioTransition]]) -> [SharedScenarioAdvance] {
            // The round trip: long enough that others queue behind it.
            Thread.sleep(forTimeInterval: 0.002)
            return state.withLock { current in
                current.1 += 1
                return steps.map { candidates in
                    guard let index = candidates.firstIndex(where: { $0.required == nil || $0.required == current.0 })
                    else { return .noneApplies(current: current.0) }
                    if let next = candidates[index].next { current.0 = next }
                    return .took(index)
                }
            }
        }
    }

    @Test func sixtyFourConcurrentStepsAreEachAnsweredOnceInFewerRoundTrips() {
        let cycle = Cycle()
        let queue = ScenarioStepQueue { _, steps in cycle.send(steps) }
        let candidates = [
            ScenarioTransition(required: "Started", next: "a"), ScenarioTransition(required: "a", next: "b"),
            ScenarioTransition(required: "b", next: "Started")
        ]
        let taken = Mutex([Int](repeating: 0, count: 3))
        // 64 threads of their own, as the server's blocking pool has (not two, as cores are here).
        let done = DispatchGroup()
        for _ in 0..<64 {
            done.enter()
            Thread.detachNewThread {
                if case .took(let index) = queue.advance("cycle", firstOf: candidates) {
                    taken.withLock { $0[index] += 1 }
                }
                done.leave()
            }
        }
        done.wait()
        let counts = taken.withLock { $0 }
        #expect(counts.reduce(0, +) == 64, "every step answered once: \(counts)")
        // Steps taken in order around the cycle: 64 = 21 full turns and one more.
        #expect(counts == [22, 21, 21])
        let batches = cycle.state.withLock { $0.1 }
        #expect(batches < 64, "\(batches) round trips for 64 steps")
        #expect(cycle.state.withLock { $0.0 } == "a")
    }

    @Test func anotherScenarioIsNotHeldBehindThisOnesRoundTrip() {
        let cycle = Cycle()
        let release = DispatchSemaphore(value: 0)
        let slowStarted = DispatchSemaphore(value: 0)
        let slowHeld = Atomic(true)
        // The slow scenario's round trip lasts until the fast one is done (or 5 s, if it were held).
        let queue = ScenarioStepQueue { scenario, steps in
            if scenario == "slow" {
                slowStarted.signal()
                _ = release.wait(timeout: .now() + 5)
                slowHeld.store(false, ordering: .sequentiallyConsistent)
            }
            return cycle.send(steps)
        }
        let step = [ScenarioTransition(required: nil, next: nil)]
        let slowDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = queue.advance("slow", firstOf: step)
            slowDone.signal()
        }
        slowStarted.wait()
        #expect(queue.advance("fast", firstOf: step) == .took(0))
        let stillHeld = slowHeld.load(ordering: .sequentiallyConsistent)
        #expect(stillHeld, "the fast step was answered while the slow one was out")
        release.signal()
        slowDone.wait()
    }
}
