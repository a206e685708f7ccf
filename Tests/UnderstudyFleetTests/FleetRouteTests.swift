import Testing

@testable import UnderstudyFleet

/// Which admin requests are the fleet's and what they do in its database; no database needed.
@Suite struct FleetRouteTests {
    /// python-wiremock's test found it: resetting the mappings empties the journal, fleet-wide.
    @Test func resettingTheMappingsEmptiesTheSharedJournal() {
        #expect(FleetRoute.of(method: "POST", path: "mappings/reset") == .replicated([.resetScenarios, .clearJournal]))
        #expect(FleetRoute.of(method: "POST", path: "reset") == .replicated([.resetScenarios, .clearJournal]))
        #expect(FleetRoute.of(method: "DELETE", path: "mappings") == .replicated([.resetScenarios]))
    }

    @Test func journalReadsAreAnsweredFromTheSharedJournal() {
        #expect(FleetRoute.of(method: "GET", path: "requests") == .journalRead)
        #expect(FleetRoute.of(method: "POST", path: "requests/count") == .journalRead)
        #expect(FleetRoute.of(method: "GET", path: "mappings/unmatched") == .journalRead)
        #expect(FleetRoute.of(method: "POST", path: "requests/remove") == .journalRemoval)
        #expect(FleetRoute.of(method: "GET", path: "mappings") == .local)
        #expect(FleetRoute.of(method: "POST", path: "mappings") == .replicated([]))
    }

    @Test func recordingIsRefusedOnAFleetNode() {
        guard case .refused(let reason) = FleetRoute.of(method: "POST", path: "recordings/start") else {
            Issue.record("recording must be refused")
            return
        }
        #expect(reason.contains("standalone"))
    }
}
