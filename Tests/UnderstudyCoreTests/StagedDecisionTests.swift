import Foundation
import Testing
@testable import UnderstudyCore

/// `stage` must leave the same answer, journal and scenario state as `handle`; only where the
/// slow part runs may differ.
@Suite struct StagedDecisionTests {
    func engine(_ stubs: [String], files: FilesDirectory? = nil) throws -> StubEngine {
        StubEngine(store: try store(stubs.map { try stub($0) }), files: files)
    }

    func finish(_ staged: StagedDecision) -> (ServeDecision, wasPending: Bool) {
        switch staged {
        case .decided(let decision): return (decision, false)
        case .pending(let work): return (work(), true)
        }
    }

    @Test func aStubWithAnInlineBodyIsDecidedAtOnceAndJournaled() throws {
        let engine = try engine([#"{"request":{"url":"/a"},"response":{"status":201,"body":"hi","headers":{"X":"1"}}}"#])
        let (decision, wasPending) = finish(engine.stage(request("GET", "/a")))
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
        let engine = try engine([#"{"request":{"url":"/f"},"response":{"bodyFileName":"b.txt"}}"#], files: FilesDirectory(url: root))
        let staged = engine.stage(request("GET", "/f"))
        guard case .pending(let work) = staged else {
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
        let (viaStage, wasPending) = finish(staged.stage(request("GET", "/alphx")))
        let viaHandle = whole.handle(request("GET", "/alphx"))
        #expect(wasPending)
        #expect(viaStage.status == 404)
        #expect(viaStage.body == viaHandle.body)
        #expect(viaStage.nearMisses.map(\.distance) == viaHandle.nearMisses.map(\.distance))
        #expect(staged.journal.unmatchedEvents.count == 1)
    }

    @Test func nothingIsJournaledForAMissUntilThePendingWorkRuns() throws {
        let engine = try engine([#"{"request":{"url":"/a"},"response":{}}"#])
        let staged = engine.stage(request("GET", "/b"))
        #expect(engine.journal.events.isEmpty)
        _ = finish(staged)
        #expect(engine.journal.events.count == 1)
    }

    @Test func scenarioStateMovesOnceAsWithHandle() throws {
        let engine = try engine([
            #"{"scenarioName":"s","requiredScenarioState":"Started","newScenarioState":"two","request":{"url":"/s"},"response":{"body":"one"}}"#,
            #"{"scenarioName":"s","requiredScenarioState":"two","request":{"url":"/s"},"response":{"body":"two"}}"#,
        ])
        let first = finish(engine.stage(request("GET", "/s"))).0
        let second = finish(engine.stage(request("GET", "/s"))).0
        #expect(String(decoding: first.body, as: UTF8.self) == "one")
        #expect(String(decoding: second.body, as: UTF8.self) == "two")
        #expect(engine.store.scenarioStates["s"] == "two")
    }
}
