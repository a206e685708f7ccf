import Foundation
import Testing
import UnderstudyCore
import UnderstudyFleet

/// Several real servers on one PostgreSQL, reached over their sockets: stubs added on any node
/// answer on every node, verification on any node counts every request, and a contended
/// scenario step moves once fleet-wide.
/// One test at a time: each starts up to three servers with their pools, and ThreadSanitizer's
/// slowdown made a dozen at once wait past their limits for their turn on two cores.
@Suite(.serialized, .enabled(if: FleetDatabase.isUsable, "needs UNDERSTUDY_FLEET_DATABASE (Scripts/lib/postgres.sh)"))
struct FleetBehavesAsOneTests {
    /// Polls until `check` holds, for at most ten seconds (TSan): propagation is asynchronous by
    /// design (LISTEN/NOTIFY), bounded by the heartbeat's catch-up; it takes milliseconds.
    func eventually(_ check: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if try await check() { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await check()
    }

    @Test func aStubAddedOnOneNodeAnswersOnEveryNode() async throws {
        let fleet = try await FleetOfServers.start(3)
        defer { Task { await fleet.stop() } }
        let added = try await fleet.nodes[1].send(
            "POST", "/__admin/mappings", json: #"{"request":{"urlPath":"/hello"},"response":{"body":"from the fleet"}}"#
        )
        #expect(added.status == 201)
        // The node that took the change answers at once: it replayed the change before answering.
        #expect(try await fleet.nodes[1].get("/hello").text == "from the fleet")
        for node in fleet.nodes {
            #expect(try await eventually { try await node.get("/hello").text == "from the fleet" }, "node \(node.name)")
        }
        let listed = try await fleet.nodes.asyncMap { try await $0.get("/__admin/mappings").json as? [String: Any] }
        let ids = listed.map { (($0?["mappings"] as? [[String: Any]])?.first?["id"] as? String) }
        #expect(Set(ids).count == 1, "every node made the stub with the same id")
    }

    @Test func verificationOnAnyNodeCountsEveryRequestServedBeforeIt() async throws {
        let fleet = try await FleetOfServers.start(3)
        defer { Task { await fleet.stop() } }
        _ = try await fleet.nodes[0].send(
            "POST", "/__admin/mappings", json: #"{"request":{"urlPath":"/counted"},"response":{"status":204}}"#)
        for node in fleet.nodes { #expect(try await eventually { try await node.get("/counted").status == 204 }) }
        // No sleep between serving and verifying: verification waits for every node's journal.
        for round in 1...3 {
            for (index, node) in fleet.nodes.enumerated() {
                for _ in 0..<(index + 2) { _ = try await node.get("/counted") }
            }
            for node in fleet.nodes {
                #expect(try await node.count(url: "/counted") == 3 + round * 9, "counted on \(node.name)")
            }
        }
        // Each node's requests, listed by another, with the stub that answered them.
        let listed = try await fleet.nodes[0].get("/__admin/requests?limit=5").json as? [String: Any]
        let events = try #require(listed?["requests"] as? [[String: Any]])
        #expect(events.count == 5)
        for event in events {
            #expect((event["request"] as? [String: Any])?["url"] as? String == "/counted")
            #expect((event["response"] as? [String: Any])?["status"] as? Int == 204)
            #expect((event["stubMapping"] as? [String: Any])?["response"] as? [String: Any] != nil)
            #expect(event["wasMatched"] as? Bool == true)
        }
        let unmatched = try await fleet.nodes[2].get("/nowhere")
        #expect(unmatched.status == 404)
        let misses = try await fleet.nodes[0].get("/__admin/requests/unmatched").json as? [String: Any]
        #expect((misses?["requests"] as? [Any])?.count == 1)
    }

    @Test func sixtyFourRequestsOnThreeNodesMoveEachScenarioStepOnce() async throws {
        let fleet = try await FleetOfServers.start(3)
        defer { Task { await fleet.stop() } }
        let steps = [
            #"{"scenarioName":"race","requiredScenarioState":"Started","newScenarioState":"two","request":{"urlPath":"/step"},"response":{"body":"one"}}"#,
            #"{"scenarioName":"race","requiredScenarioState":"two","newScenarioState":"three","request":{"urlPath":"/step"},"response":{"body":"two"}}"#,
            #"{"scenarioName":"race","requiredScenarioState":"three","request":{"urlPath":"/step"},"response":{"body":"three"}}"#
        ]
        for step in steps { _ = try await fleet.nodes[0].send("POST", "/__admin/mappings", json: step) }
        for node in fleet.nodes {
            #expect(try await eventually { node.engine.store.count == 3 })
        }
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<64 { group.addTask { try await fleet.nodes[i % 3].get("/step").text } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(bodies.filter { $0 == "one" }.count == 1)
        #expect(bodies.filter { $0 == "two" }.count == 1)
        #expect(bodies.filter { $0 == "three" }.count == 62)
        // Reset on one node resets the fleet's state, which every node then follows.
        _ = try await fleet.nodes[2].send("POST", "/__admin/scenarios/reset")
        #expect(try await fleet.nodes[1].get("/step").text == "one")
        #expect(try await fleet.nodes[0].get("/step").text == "two")
    }

    @Test func journalRemovalsAndResetsAreTheFleets() async throws {
        let fleet = try await FleetOfServers.start(2)
        defer { Task { await fleet.stop() } }
        _ = try await fleet.nodes[0].send(
            "POST", "/__admin/mappings", json: #"{"request":{"urlPathPattern":"/j/.*"},"response":{"status":200}}"#)
        for node in fleet.nodes { #expect(try await eventually { try await node.get("/j/x").status == 200 }) }
        _ = try await fleet.nodes[0].get("/j/keep")
        _ = try await fleet.nodes[1].get("/j/drop")
        let removed = try await fleet.nodes[0].send("POST", "/__admin/requests/remove", json: #"{"url":"/j/drop"}"#)
        #expect(removed.status == 200)
        #expect(try await fleet.nodes[1].count(url: "/j/drop") == 0)
        #expect(try await fleet.nodes[1].count(url: "/j/keep") == 1)
        _ = try await fleet.nodes[1].send("DELETE", "/__admin/requests")
        #expect(try await fleet.nodes[0].count(url: "/j/keep") == 0)
    }

    /// python-wiremock's reset test found it in CI: a request served just before a reset was
    /// written after the journal was emptied, and the next count saw it.
    @Test func aResetEmptiesTheJournalOfRequestsNotYetWritten() async throws {
        // A long flush interval, so that the request is surely still waiting when the reset comes.
        let fleet = try await FleetOfServers.start(2) { $0.flushInterval = .milliseconds(400) }
        defer { Task { await fleet.stop() } }
        _ = try await fleet.nodes[0].send(
            "POST", "/__admin/mappings", json: #"{"request":{"urlPath":"/r"},"response":{"status":200}}"#)
        for node in fleet.nodes { #expect(try await eventually { node.engine.store.count == 1 }) }
        _ = try await fleet.nodes[0].get("/r")
        _ = try await fleet.nodes[1].send("POST", "/__admin/mappings/reset")
        // No sleep: the count's own barrier makes the node write what it still holds first.
        #expect(try await fleet.nodes[1].count(url: "/r") == 0)
    }

    /// The retention job keeps the newest `journalCapacity` requests fleet-wide in the table itself.
    @Test func theSharedJournalKeepsTheNewestRequestsUpToItsCapacity() async throws {
        let fleet = try await FleetOfServers.start(2) {
            $0.heartbeatInterval = .milliseconds(25)  // the retention job runs every 40 beats
            $0.journalCapacity = 5
        }
        defer { Task { await fleet.stop() } }
        for index in 0..<30 { _ = try await fleet.nodes[index % 2].get("/kept/\(index)") }
        #expect(try await fleet.nodes[0].count(url: "/kept/29") == 1)
        let rows = "SELECT count(*)::bigint FROM understudy_serve_events WHERE fleet = '\(fleet.name)'"
        #expect(try await eventually { try await FleetSQL.integer(rows) == 5 })
        #expect(try await fleet.nodes[1].count(url: "/kept/0") == 0)
    }

    /// A node killed without leaving stays listed as not live, then goes when it has been
    /// silent for longer than the member retention.
    @Test func aMemberSilentLongerThanTheRetentionIsNoLongerListed() async throws {
        let fleet = try await FleetOfServers.start(1) {
            $0.heartbeatInterval = .milliseconds(25)  // the retention job runs every 40 beats
            $0.memberRetention = .seconds(3600)
        }
        defer { Task { await fleet.stop() } }
        try await FleetSQL.run(
            """
            INSERT INTO understudy_members (fleet, node, heartbeat_at) VALUES
                ('\(fleet.name)', 'killed-long-ago', now() - interval '2 hours'),
                ('\(fleet.name)', 'killed-recently', now() - interval '30 minutes')
            """)
        func listed() async throws -> [String] {
            let status = try await fleet.nodes[0].get("/__admin/fleet").json as? [String: Any]
            return ((status?["members"] as? [[String: Any]]) ?? []).compactMap { $0["node"] as? String }
        }
        #expect(try await listed().contains("killed-long-ago"))
        #expect(try await eventually { try await !listed().contains("killed-long-ago") })
        #expect(try await listed() == ["killed-recently", "n0"])
    }

    @Test func aLateNodeReplaysEveryChangeAndTakesTheScenarioStates() async throws {
        let fleet = try await FleetOfServers.start(1)
        defer { Task { await fleet.stop() } }
        let first = fleet.nodes[0]
        _ = try await first.send(
            "POST", "/__admin/mappings",
            json:
                #"{"id":"6b7a3c41-0c83-4a4c-9d2a-2f0d2b51b0a1","request":{"urlPath":"/gone"},"response":{"status":200}}"#
        )
        _ = try await first.send("DELETE", "/__admin/mappings/6b7a3c41-0c83-4a4c-9d2a-2f0d2b51b0a1")
        _ = try await first.send(
            "POST", "/__admin/mappings",
            json:
                #"{"scenarioName":"late","requiredScenarioState":"Started","newScenarioState":"moved","request":{"urlPath":"/late"},"response":{"body":"first"}}"#
        )
        _ = try await first.send(
            "POST", "/__admin/mappings",
            json:
                #"{"scenarioName":"late","requiredScenarioState":"moved","request":{"urlPath":"/late"},"response":{"body":"after"}}"#
        )
        #expect(try await first.get("/late").text == "first")
        let late = try await FleetOfServers.startNode(fleet: fleet.name, node: "late")
        defer {
            Task {
                try? await late.server.stop()
                await late.fleet.leave()
            }
        }
        #expect(late.engine.store.count == 2)
        #expect(try await late.get("/gone").status == 404)
        #expect(try await late.get("/late").text == "after")
    }

    @Test func theFleetListsItsMembers() async throws {
        let fleet = try await FleetOfServers.start(2)
        defer { Task { await fleet.stop() } }
        let status = try await fleet.nodes[0].get("/__admin/fleet")
        #expect(status.status == 200)
        let object = try #require(status.json as? [String: Any])
        #expect(object["fleet"] as? String == fleet.name)
        #expect(object["node"] as? String == "n0")
        #expect((object["database"] as? String)?.contains(":****@") == true)
        let members = try #require(object["members"] as? [[String: Any]])
        #expect(members.compactMap { $0["node"] as? String } == ["n0", "n1"])
        #expect(members.allSatisfy { $0["live"] as? Bool == true })
    }

    /// A member that heartbeats but never writes its journal (here: a row made by hand) makes
    /// verification fail after its wait, naming it, rather than answer a count that misses it.
    @Test func verificationNamesANodeThatDoesNotWriteItsJournal() async throws {
        let fleet = try await FleetOfServers.start(1) { $0.verificationWait = .milliseconds(300) }
        defer { Task { await fleet.stop() } }
        try await FleetSQL.run(
            "INSERT INTO understudy_members (fleet, node) VALUES ('\(fleet.name)', 'silent')")
        let answer = try await fleet.nodes[0].send("POST", "/__admin/requests/count", json: #"{"url":"/x"}"#)
        #expect(answer.status == 503)
        #expect(answer.text.contains("silent"))
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
