import Foundation
import Testing

@testable import UnderstudyCore

/// Selecting from a request's head alone, for streaming a large body: the answer must be the
/// stub the whole request would select, or "depends on the body".
@Suite struct BodyIndependentMatchTests {
    let proxy = #"{"priority":9,"response":{"proxyBaseUrl":"http://upstream"}}"#

    func answer(_ stubs: [String], _ head: LoggedRequest) throws -> BodyIndependentMatch {
        try store(stubs.map(stub)).matchIgnoringBody(head) { _ in true }
    }

    @Test func aStubThatReadsTheBodyInFrontMakesItUndecidable() throws {
        for condition in [
            #""bodyPatterns":[{"contains":"x"}]"#, #""formParameters":{"a":{"equalTo":"1"}}"#,
            #""multipartPatterns":[{"bodyPatterns":[{"contains":"x"}]}]"#
        ] {
            let front = #"{"request":{"method":"POST","urlPath":"/up",\#(condition)},"response":{"status":201}}"#
            guard case .dependsOnBody = try answer([proxy, front], request("POST", "/up")) else {
                Issue.record("\(condition) should make the choice depend on the body")
                continue
            }
        }
    }

    @Test func aStubThatReadsTheBodyButCannotMatchTheHeadIsPassedOver() throws {
        let elsewhere =
            #"{"request":{"method":"POST","urlPathPattern":"/other/.*","bodyPatterns":[{"contains":"x"}]},"response":{"status":201}}"#
        let behind = #"{"priority":10,"request":{"bodyPatterns":[{"contains":"x"}]},"response":{"status":202}}"#
        guard case .stub(let chosen) = try answer([behind, proxy, elsewhere], request("POST", "/up")) else {
            Issue.record("the proxy stub decides whatever the body")
            return
        }
        #expect(chosen.response.proxy?.baseURL == "http://upstream")
    }

    @Test func noCandidateIsNoMatch() throws {
        let other = #"{"request":{"urlPath":"/other"},"response":{"status":200}}"#
        guard case .noMatch = try answer([other], request("POST", "/up")) else {
            Issue.record("nothing matches /up")
            return
        }
    }

    @Test func theScenarioMovesOnlyWhenTheCallerCommits() throws {
        let step =
            #"{"scenarioName":"s","requiredScenarioState":"Started","newScenarioState":"two","response":{"proxyBaseUrl":"http://upstream"}}"#
        let s = try store([try stub(step)])
        _ = s.matchIgnoringBody(request("POST", "/up")) { _ in false }
        #expect(s.scenarioStates["s"] == "Started")
        _ = s.matchIgnoringBody(request("POST", "/up")) { _ in true }
        #expect(s.scenarioStates["s"] == "two")
        // Now in state two, the stub no longer matches at all.
        guard case .noMatch = s.matchIgnoringBody(request("POST", "/up"), committingIf: { _ in true }) else {
            Issue.record("the scenario's required state no longer holds")
            return
        }
    }

    @Test func theEngineStreamsOnlyPlainProxyStubs() throws {
        let engine = StubEngine(store: try store([try stub(proxy)]))
        guard
            case .streamedProxy(let decision, let entry) = engine.decide(
                request("POST", "/up"), capabilities: .streamingHead)
        else {
            Issue.record("a plain proxy stub streams")
            return
        }
        #expect(decision.proxy != nil)
        #expect(engine.journal.events.isEmpty)
        var whole = request("POST", "/up", body: "all of it")
        whole.id = decision.eventID
        entry.record(whole)
        #expect(engine.journal.events.first?.request.body == Data("all of it".utf8))
        let plain = StubEngine(store: try store([try stub(#"{"response":{"status":200}}"#)]))
        guard case .declined = plain.decide(request("POST", "/up"), capabilities: .streamingHead) else {
            Issue.record("a stub that is not a proxy does not stream")
            return
        }
    }
}
