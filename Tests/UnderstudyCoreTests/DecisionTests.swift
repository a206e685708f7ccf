import Foundation
import Testing

@testable import UnderstudyCore

/// Deciding on an event loop (slow work deferred) must leave the same answer, journal and scenario
/// state as deciding inline; only where the slow part runs may differ. Deciding at once must change
/// nothing when it declines.
@Suite struct DecisionTests {
    func engine(_ stubs: [String], files: FilesDirectory? = nil) throws -> StubEngine {
        StubEngine(store: try store(stubs.map { try stub($0) }), files: files)
    }

    func finish(_ decided: Decision) -> (ServeDecision, wasPending: Bool) {
        switch decided {
        case .immediate(let decision): return (decision, false)
        case .deferred(let work): return (work(), true)
        case .streamedProxy(let decision, _):
            Issue.record("a whole request is never streamed")
            return (decision, false)
        case .declined:
            Issue.record("the event loop's capabilities answer every request")
            return (
                ServeDecision(
                    eventID: UUID(), stub: nil, status: 0, statusMessage: nil, headers: HeaderFields(), body: Data(),
                    fault: nil,
                    delay: .zero, chunkedDribble: nil, nearMisses: [], proxy: nil), false
            )
        }
    }

    func stage(_ engine: StubEngine, _ request: LoggedRequest) -> Decision {
        engine.decide(request, capabilities: .eventLoop)
    }

    @Test func aStubWithAnInlineBodyIsDecidedAtOnceAndJournaled() throws {
        let engine = try engine([#"{"request":{"url":"/a"},"response":{"status":201,"body":"hi","headers":{"X":"1"}}}"#]
        )
        let (decision, wasPending) = finish(stage(engine, request("GET", "/a")))
        #expect(!wasPending)
        #expect(decision.status == 201)
        #expect(String(decoding: decision.body, as: UTF8.self) == "hi")
        #expect(decision.headers.first("X") == "1")
        #expect(decision.headers.first("Matched-Stub-Id") != nil)
        #expect(engine.journal.events.map(\.id) == [decision.eventID])
        #expect(engine.journal.events.first?.wasMatched == true)
    }

    @Test func aBodyFileIsLeftPendingAndJournaledOnceWhenItRuns() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("from file".utf8).write(to: root.appendingPathComponent("b.txt"))
        let engine = try engine(
            [#"{"request":{"url":"/f"},"response":{"bodyFileName":"b.txt"}}"#], files: FilesDirectory(url: root))
        let staged = stage(engine, request("GET", "/f"))
        guard case .deferred(let work) = staged else {
            Issue.record("a body file should be read off the I/O thread")
            return
        }
        // Journalled with the response it leads to (templates may add a sub-event), still before any delay.
        #expect(engine.journal.events.isEmpty)
        #expect(String(decoding: work().body, as: UTF8.self) == "from file")
        #expect(engine.journal.events.count == 1)
    }

    @Test func aMissIsPendingAndGivesTheSameNearMissReportAsHandle() throws {
        let stubs = [#"{"request":{"method":"GET","url":"/alpha"},"response":{"status":200}}"#]
        let staged = try engine(stubs)
        let whole = try engine(stubs)
        let (viaStage, wasPending) = finish(stage(staged, request("GET", "/alphx")))
        let viaHandle = whole.served(request("GET", "/alphx"))
        #expect(wasPending)
        #expect(viaStage.status == 404)
        #expect(viaStage.body == viaHandle.body)
        #expect(viaStage.nearMisses.map(\.distance) == viaHandle.nearMisses.map(\.distance))
        #expect(staged.journal.unmatchedEvents.count == 1)
    }

    @Test func nothingIsJournaledForAMissUntilThePendingWorkRuns() throws {
        let engine = try engine([#"{"request":{"url":"/a"},"response":{}}"#])
        let staged = stage(engine, request("GET", "/b"))
        #expect(engine.journal.events.isEmpty)
        _ = finish(staged)
        #expect(engine.journal.events.count == 1)
    }

    @Test func scenarioStateMovesOnceAsWithHandle() throws {
        let engine = try engine([
            #"{"scenarioName":"s","requiredScenarioState":"Started","newScenarioState":"two","request":{"url":"/s"},"response":{"body":"one"}}"#,
            #"{"scenarioName":"s","requiredScenarioState":"two","request":{"url":"/s"},"response":{"body":"two"}}"#
        ])
        let first = finish(stage(engine, request("GET", "/s"))).0
        let second = finish(stage(engine, request("GET", "/s"))).0
        #expect(String(decoding: first.body, as: UTF8.self) == "one")
        #expect(String(decoding: second.body, as: UTF8.self) == "two")
        #expect(engine.store.scenarioStates["s"] == "two")
    }

    @Test func declinedAtOnceLeavesTheJournalAndScenarioUntouched() throws {
        let engine = try engine([
            #"{"scenarioName":"s","requiredScenarioState":"Started","newScenarioState":"two","request":{"url":"/slow"},"response":{"body":"x","fixedDelayMilliseconds":5}}"#,
            #"{"scenarioName":"s","requiredScenarioState":"Started","newScenarioState":"two","request":{"url":"/mine"},"response":{"body":"x"}}"#
        ])
        // A stub needing a delay, a miss, and a stub the caller refuses: all declined, nothing moved.
        for (path, accepting) in [("/slow", true), ("/nothing", true), ("/mine", false)] {
            guard
                case .declined = engine.decide(
                    request("GET", path), capabilities: .atOnce, accepting: { _ in accepting })
            else {
                Issue.record("\(path) should be declined at once")
                continue
            }
        }
        #expect(engine.journal.events.isEmpty)
        #expect(engine.store.scenarioStates["s"] == "Started")
        // A global delay declines before anything is matched.
        engine.settings = GlobalSettings(fixedDelay: 10)
        guard case .declined = engine.decide(request("GET", "/mine"), capabilities: .atOnce) else {
            Issue.record("a global delay cannot be rendered at once")
            return
        }
        #expect(engine.journal.events.isEmpty)
        #expect(engine.store.scenarioStates["s"] == "Started")
    }

    @Test func atOnceServesAPlainStubAsInlineDoes() throws {
        let engine = try engine([
            #"{"scenarioName":"s","requiredScenarioState":"Started","newScenarioState":"two","request":{"url":"/a"},"response":{"status":201,"body":"hi"}}"#
        ])
        guard case .immediate(let decision) = engine.decide(request("GET", "/a"), capabilities: .atOnce) else {
            Issue.record("a plain stub is answered at once")
            return
        }
        #expect(decision.status == 201)
        #expect(engine.journal.events.map(\.id) == [decision.eventID])
        #expect(engine.store.scenarioStates["s"] == "two")
    }

    @Test func aStubNamingAGateIsNeverAnsweredAtOnce() throws {
        let engine = try engine([
            #"{"request":{"url":"/g"},"response":{"status":200,"transformerParameters":{"understudyHeldBy":"not-a-gate"}}}"#
        ])
        guard case .declined = engine.decide(request("GET", "/g"), capabilities: .atOnce) else {
            Issue.record("a gate key keeps a stub off the fast path, registered or not")
            return
        }
        #expect(engine.served(request("GET", "/g")).status == 200)
    }
}
