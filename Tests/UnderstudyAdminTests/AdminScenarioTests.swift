import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin

@Suite struct AdminScenarioTests {
    func withScenario() -> AdminHarness {
        let admin = AdminHarness()
        admin.create(
            #"{"scenarioName":"my scenario","requiredScenarioState":"Started","newScenarioState":"2","request":{"url":"/s"}}"#
        )
        admin.create(
            #"{"scenarioName":"my scenario","requiredScenarioState":"2","newScenarioState":"3","request":{"url":"/s"}}"#
        )
        return admin
    }

    @Test func listShowsStatePossibleStatesAndStubs() {
        let admin = withScenario()
        admin.serve("GET", "/s")
        let reply = admin.call("GET", "/__admin/scenarios")
        #expect(reply.status == 200)
        let scenario = reply.json["scenarios"]?[0]
        #expect(scenario?["id"] == "my scenario")
        #expect(scenario?["name"] == "my scenario")
        #expect(scenario?["state"] == "2")
        #expect(Set(scenario?["possibleStates"]?.arrayValue ?? []) == ["Started", "2", "3"])
        #expect(scenario?["mappings"]?.arrayValue?.count == 2)
    }

    @Test func resetPutsEveryScenarioBackToStarted() {
        let admin = withScenario()
        admin.serve("GET", "/s")
        let reply = admin.call("POST", "/__admin/scenarios/reset")
        #expect(reply.status == 200)
        #expect(reply.json == .object([:]))
        #expect(admin.engine.store.scenarioStates["my scenario"] == "Started")
    }

    @Test func settingAStateByName() {
        let admin = withScenario()
        #expect(admin.call("PUT", "/__admin/scenarios/my%20scenario/state", #"{"state":"3"}"#).status == 200)
        #expect(admin.engine.store.scenarioStates["my scenario"] == "3")
        let reset = admin.call("PUT", "/__admin/scenarios/my%20scenario/state")
        #expect(reset.status == 200, "\(reset.text)")
        #expect(admin.engine.store.scenarioStates["my scenario"] == "Started")
    }

    @Test func unknownScenarioOrStateIsRefused() {
        let admin = withScenario()
        let missing = admin.call("PUT", "/__admin/scenarios/i-dont-exist/state", #"{"state":"2"}"#)
        #expect(missing.status == 404)
        #expect(missing.errorTitle == "Scenario i-dont-exist does not exist")
        let bad = admin.call("PUT", "/__admin/scenarios/my%20scenario/state", #"{"state":"non-existent-state"}"#)
        #expect(bad.status == 422)
        #expect(bad.errorTitle == "Scenario my scenario does not support state non-existent-state")
        #expect(admin.call("PUT", "/__admin/scenarios/my%20scenario/state", #"{"state":5}"#).status == 422)
    }
}

@Suite struct AdminSettingsTests {
    @Test func emptySettingsAreAnEmptyObject() {
        let admin = AdminHarness()
        #expect(admin.call("GET", "/__admin/settings").json == ["settings": .object([:])])
    }

    @Test(arguments: ["POST", "PUT"])
    func bareOrWrappedSettingsReplaceTheOld(_ method: String) {
        let admin = AdminHarness()
        let bare = admin.call(method, "/__admin/settings", #"{"fixedDelay":250,"extended":{"a":1}}"#)
        #expect(bare.status == 200)
        #expect(bare.json == ["fixedDelay": 250, "extended": ["a": 1]])
        #expect(admin.engine.settings.fixedDelay == 250)
        admin.call(
            method, "/__admin/settings", #"{"settings":{"delayDistribution":{"type":"uniform","lower":1,"upper":2}}}"#)
        #expect(admin.engine.settings.fixedDelay == nil)
        #expect(admin.call("GET", "/__admin/settings").json["settings"]?["delayDistribution"]?["type"] == "uniform")
    }

    @Test func badSettingsChangeNothing() {
        let admin = AdminHarness()
        admin.call("POST", "/__admin/settings", #"{"fixedDelay":5}"#)
        #expect(admin.call("POST", "/__admin/settings", #"{"fixedDelay":"slow"}"#).status == 422)
        #expect(admin.engine.settings.fixedDelay == 5)
    }

    @Test func patchMergesIntoExtended() {
        let admin = AdminHarness()
        admin.call("PUT", "/__admin/settings", #"{"fixedDelay":5,"extended":{"keep":1,"nested":{"x":1}}}"#)
        let reply = admin.call("PATCH", "/__admin/settings/extended", #"{"added":true,"nested":{"y":2}}"#)
        #expect(reply.status == 200)
        #expect(reply.json["settings"]?["extended"] == ["keep": 1, "nested": ["x": 1, "y": 2], "added": true])
        #expect(admin.engine.settings.fixedDelay == 5)
    }
}
