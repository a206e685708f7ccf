import Foundation
import Synchronization
import Testing

@testable import UnderstudyCore

/// A fleet's scenario steps are taken in states kept outside the process (``SharedScenarioStates``):
/// the engine asks there, only where the caller may wait, and follows what it answers.
@Suite struct SharedScenarioStatesTests {
    /// Scenario states in memory that answer as a database would, or not at all.
    final class FakeShared: SharedScenarioStates {
        let states = Mutex<[String: String]>([:])
        let reachable = Atomic<Bool>(true)
        let localSteps = Atomic<Int>(0)
        let whenUnavailable: SharedScenarioFallback

        init(whenUnavailable: SharedScenarioFallback = .serveLocally) { self.whenUnavailable = whenUnavailable }

        let calls = Atomic<Int>(0)

        func advance(_ scenario: String, firstOf candidates: [ScenarioTransition]) -> SharedScenarioAdvance {
            calls.add(1, ordering: .relaxed)
            guard reachable.load(ordering: .relaxed) else { return .unavailable(reason: "connection refused") }
            return states.withLock { states in
                let current = states[scenario] ?? "Started"
                for (index, candidate) in candidates.enumerated()
                where candidate.required == nil || candidate.required == current {
                    if let next = candidate.next { states[scenario] = next }
                    return .took(index)
                }
                return .noneApplies(current: current)
            }
        }

        func tookLocalStep(_ scenario: String, because reason: String) {
            localSteps.add(1, ordering: .relaxed)
        }
    }

    static func engine(_ shared: FakeShared) throws -> StubEngine {
        let engine = StubEngine(store: try ScenarioStepRaceTests.steps())
        try engine.store.add(stub(#"{"request":{"urlPath":"/plain"},"response":{"body":"plain"}}"#))
        engine.store.shareScenarios(with: shared)
        return engine
    }

    static func body(_ decision: Decision) -> String? {
        decision.run().map { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test func anEventLoopDeclinesAScenarioStubAndServesTheRest() throws {
        let engine = try Self.engine(FakeShared())
        guard case .declined = engine.decide(request("GET", "/step"), capabilities: .eventLoop) else {
            Issue.record("a shared scenario step must not be taken on an event loop")
            return
        }
        #expect(Self.body(engine.decide(request("GET", "/plain"), capabilities: .eventLoop)) == "plain")
        #expect(engine.journal.count == 1)
    }

    @Test func theStepIsTakenInTheSharedStatesAndCopiedHere() throws {
        let shared = FakeShared()
        let engine = try Self.engine(shared)
        #expect(Self.body(engine.decide(request("GET", "/step"), capabilities: .inline)) == "one")
        #expect(shared.states.withLock { $0["steps"] } == "two")
        #expect(engine.store.scenarioStates["steps"] == "two")
        // One round trip per request, and none for a request no scenario stub matches.
        #expect(shared.calls.load(ordering: .relaxed) == 1)
        _ = engine.decide(request("GET", "/plain"), capabilities: .inline).run()
        #expect(shared.calls.load(ordering: .relaxed) == 1)
    }

    /// A request whose candidates name two scenarios: each is asked in match order.
    @Test func stubsOfTwoScenariosAmongOneRequestsCandidatesAreSteppedInTurn() throws {
        let shared = FakeShared()
        let engine = try Self.engine(shared)
        try engine.store.add(
            stub(#"{"priority":9,"request":{"urlPath":"/step"},"response":{"body":"fallback"}}"#))
        try engine.store.add(
            stub(
                #"{"priority":1,"scenarioName":"gate","requiredScenarioState":"open","request":{"urlPath":"/step"},"response":{"body":"gated"}}"#
            ))
        #expect(Self.body(engine.decide(request("GET", "/step"), capabilities: .inline)) == "one")
        shared.states.withLock { $0["gate"] = "open" }
        #expect(Self.body(engine.decide(request("GET", "/step"), capabilities: .inline)) == "gated")
    }

    /// Another server moved the scenario; this one's copy is a notification behind.
    @Test func aStaleCopyFollowsTheSharedStateAndMatchesAgain() throws {
        let shared = FakeShared()
        shared.states.withLock { $0["steps"] = "three" }
        let engine = try Self.engine(shared)
        #expect(engine.store.scenarioStates["steps"] == "Started")
        #expect(Self.body(engine.decide(request("GET", "/step"), capabilities: .inline)) == "three")
        #expect(engine.store.scenarioStates["steps"] == "three")
    }

    @Test func unreachableStatesAreRefusedWith503WhenSoConfigured() throws {
        let shared = FakeShared(whenUnavailable: .refuse)
        shared.reachable.store(false, ordering: .relaxed)
        let engine = try Self.engine(shared)
        let decision = engine.decide(request("GET", "/step"), capabilities: .inline).run()
        #expect(decision?.status == 503)
        #expect(engine.store.scenarioStates["steps"] == "Started")
        let event = try #require(engine.journal.events.last)
        #expect(event.subEvents.map(\.type) == [SubEvent.Kind.fleetDetached])
    }

    @Test func unreachableStatesAreStepsTakenLocallyByDefault() throws {
        let shared = FakeShared()
        shared.reachable.store(false, ordering: .relaxed)
        let engine = try Self.engine(shared)
        #expect(Self.body(engine.decide(request("GET", "/step"), capabilities: .inline)) == "one")
        #expect(engine.store.scenarioStates["steps"] == "two")
        #expect(shared.localSteps.load(ordering: .relaxed) == 1)
        let event = try #require(engine.journal.events.last)
        #expect(event.subEvents.map(\.type) == [SubEvent.Kind.fleetDetached])
        let message = event.subEvents.first?.data["message"]?.stringValue ?? ""
        #expect(message.contains("connection refused"))
    }

    /// 64 requests at once on one step, across two stores sharing their states as two servers
    /// would: the step from Started is taken exactly once in all.
    @Test func sixtyFourConcurrentRequestsOnTwoServersTakeEachStepOnce() async throws {
        let shared = FakeShared()
        let engines = [try Self.engine(shared), try Self.engine(shared)]
        let bodies = await withTaskGroup(of: String?.self) { group in
            for i in 0..<64 {
                group.addTask { Self.body(engines[i % 2].decide(request("GET", "/step"), capabilities: .inline)) }
            }
            var bodies: [String?] = []
            for await body in group { bodies.append(body) }
            return bodies
        }
        #expect(bodies.filter { $0 == "one" }.count == 1)
        #expect(bodies.filter { $0 == "two" }.count == 1)
        #expect(bodies.filter { $0 == "three" }.count == 62)
    }
}
