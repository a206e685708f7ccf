import Foundation
import Testing

@testable import UnderstudyCore

/// Section 5 of the reference: which stub answers.
@Suite struct SelectionRulesTests {
    @Test func lowerPriorityNumberWinsAndDefaultIsFive() throws {
        let low = try stub(#"{"priority":6,"request":{"urlPath":"/p"},"response":{"status":206}}"#)
        let plain = try stub(#"{"request":{"urlPath":"/p"},"response":{"status":200}}"#)
        let high = try stub(#"{"priority":4,"request":{"urlPath":"/p"},"response":{"status":204}}"#)
        #expect(try store([low, plain]).match(request("GET", "/p"))?.response.status == 200)
        #expect(try store([plain, high]).match(request("GET", "/p"))?.response.status == 204)
    }

    @Test func amongEqualPrioritiesTheNewestWins() throws {
        let first = try stub(#"{"request":{"urlPath":"/p"},"response":{"status":201}}"#)
        let second = try stub(#"{"request":{"urlPathPattern":"/.*"},"response":{"status":202}}"#)
        #expect(try store([first, second]).match(request("GET", "/p"))?.response.status == 202)
        #expect(try store([second, first]).match(request("GET", "/p"))?.response.status == 201)
    }

    @Test func anEditKeepsItsPlace() throws {
        let first = try stub(#"{"request":{"urlPath":"/p"},"response":{"status":201}}"#)
        let second = try stub(#"{"request":{"urlPath":"/p"},"response":{"status":202}}"#)
        let s = try store([first, second])
        var edited = first
        edited.response.status = 299
        #expect(s.replace(edited))
        #expect(s.match(request("GET", "/p"))?.response.status == 202)
        s.remove(id: second.id)
        #expect(s.match(request("GET", "/p"))?.response.status == 299)
    }

    @Test func importMakesTheFirstListedWin() throws {
        let a = try stub(#"{"request":{"urlPath":"/p"},"response":{"status":201}}"#)
        let b = try stub(#"{"request":{"urlPath":"/p"},"response":{"status":202}}"#)
        let s = StubStore()
        s.importStubs([a, b])
        #expect(s.match(request("GET", "/p"))?.response.status == 201)
        #expect(s.stubs.map(\.id) == [a.id, b.id])
    }

    @Test func importCanIgnoreOrOverwriteDuplicates() throws {
        var a = try stub(#"{"request":{"urlPath":"/p"},"response":{"status":201}}"#)
        let s = try store([a])
        a.response.status = 500
        s.importStubs([a], replacingExisting: false)
        #expect(s.match(request("GET", "/p"))?.response.status == 201)
        s.importStubs([a], replacingExisting: true)
        #expect(s.match(request("GET", "/p"))?.response.status == 500)
    }

    @Test func duplicateIdIsRefusedWithCode109() throws {
        let a = try stub(#"{"request":{"urlPath":"/p"}}"#)
        let s = try store([a])
        #expect(throws: MappingError.self) { try s.add(a) }
        do { try s.add(a) } catch { #expect(error.code == 109) }
    }

    @Test func emptyStubMatchesEverythingWith200() throws {
        let s = try store([try stub("{}")])
        #expect(s.match(request("GET", "/"))?.response.status == 200)
        #expect(s.match(request("KILL", "/any/thing?x=1"))?.response.status == 200)
    }

    @Test func indexedAndFallbackStubsKeepGlobalOrder() throws {
        // Exact-path stubs live in buckets, patterns in the fallback list; order must still be global.
        var stubs: [StubMapping] = []
        for i in 0..<50 { stubs.append(try stub(#"{"request":{"url":"/items/\#(i)"},"response":{"status":200}}"#)) }
        stubs.append(try stub(#"{"request":{"urlPattern":"/items/.*"},"response":{"status":203}}"#))
        stubs.append(try stub(#"{"priority":1,"request":{"url":"/items/7"},"response":{"status":207}}"#))
        let s = try store(stubs)
        #expect(s.match(request("GET", "/items/3"))?.response.status == 203)
        #expect(s.match(request("GET", "/items/7"))?.response.status == 207)
        #expect(s.match(request("GET", "/items/99"))?.response.status == 203)
        #expect(s.match(request("GET", "/other")) == nil)
    }

    @Test func scenariosStartAtStartedAndMoveAfterSelection() throws {
        let s = try store([
            try stub(
                #"{"scenarioName":"todo","requiredScenarioState":"Started","newScenarioState":"added","request":{"method":"POST","urlPath":"/todo"},"response":{"status":201}}"#
            ),
            try stub(
                #"{"scenarioName":"todo","requiredScenarioState":"Started","request":{"method":"GET","urlPath":"/todo"},"response":{"body":"[]"}}"#
            ),
            try stub(
                #"{"scenarioName":"todo","requiredScenarioState":"added","request":{"method":"GET","urlPath":"/todo"},"response":{"body":"[1]"}}"#
            ),
            try stub(#"{"scenarioName":"todo","request":{"urlPath":"/any-state"},"response":{"status":202}}"#)
        ])
        #expect(s.match(request("GET", "/todo"))?.response.body == .text("[]"))
        #expect(s.match(request("GET", "/any-state"))?.response.status == 202)
        #expect(s.match(request("POST", "/todo"))?.response.status == 201)
        #expect(s.scenarioStates["todo"] == "added")
        #expect(s.match(request("GET", "/todo"))?.response.body == .text("[1]"))
        #expect(s.match(request("GET", "/any-state"))?.response.status == 202)
        #expect(s.match(request("POST", "/todo")) == nil)
        s.resetScenarios()
        #expect(s.match(request("GET", "/todo"))?.response.body == .text("[]"))
        #expect(throws: ScenarioError.unsupportedState("todo", "nope")) { try s.setScenarioState("todo", to: "nope") }
        #expect(throws: ScenarioError.unknownScenario("ghost")) { try s.setScenarioState("ghost", to: nil) }
        try s.setScenarioState("todo", to: "added")
        #expect(s.scenarios.first?.possibleStates == ["Started", "added"])
    }

    @Test func aScenarioDisappearsWithItsLastStub() throws {
        let a = try stub(#"{"scenarioName":"s","request":{"urlPath":"/a"}}"#)
        let s = try store([a])
        #expect(s.scenarios.map(\.name) == ["s"])
        s.remove(id: a.id)
        #expect(s.scenarios.isEmpty)
    }

    @Test func concurrentRequestsAdvanceAScenarioOnce() async throws {
        let s = try store([
            try stub(
                #"{"scenarioName":"once","requiredScenarioState":"Started","newScenarioState":"done","request":{"urlPath":"/go"},"response":{"status":201}}"#
            ),
            try stub(#"{"priority":9,"request":{"urlPath":"/go"},"response":{"status":409}}"#)
        ])
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<40 { group.addTask { s.match(request("GET", "/go"))?.response.status ?? 0 } }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 201 }.count == 1)
        #expect(statuses.allSatisfy { $0 == 201 || $0 == 409 })
        #expect(s.scenarioStates["once"] == "done")
    }
}
