import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin

@Suite struct AdminSystemTests {
    @Test func resetReloadsDefaultsAndClearsJournalAndScenarios() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("mappings/s.json", #"{"scenarioName":"s","newScenarioState":"next","request":{"url":"/disk"}}"#)
        let admin = AdminHarness(root: root.url)
        admin.create(#"{"request":{"url":"/api"}}"#)
        admin.serve("GET", "/disk")
        #expect(admin.engine.store.scenarioStates["s"] == "next")
        let reply = admin.call("POST", "/__admin/reset")
        #expect(reply.status == 200)
        #expect(admin.listedURLs() == ["/disk"])
        #expect(admin.engine.journal.count == 0)
        #expect(admin.engine.store.scenarioStates["s"] == "Started")
    }

    @Test func shutdownAnswersThenAsksTheServerToStop() {
        let admin = AdminHarness()
        let reply = admin.call("POST", "/__admin/shutdown")
        #expect(reply.status == 200)
        guard case .shutdown? = reply.response.action else {
            Issue.record("expected the shutdown action")
            return
        }
    }

    /// A standalone server is a fleet of none; the dashboard reads this to keep its Fleet tab hidden.
    @Test func aStandaloneServerNamesNoFleet() {
        let reply = AdminHarness().call("GET", "/__admin/fleet")
        #expect(reply.status == 200)
        #expect(reply.json["fleet"]?.isNull == true)
        #expect(reply.json["members"] == .array([]))
    }

    @Test func health() {
        let admin = AdminHarness()
        let reply = admin.call("GET", "/__admin/health")
        #expect(reply.status == 200)
        #expect(reply.json["status"] == "healthy")
        #expect(reply.json["message"] == "Understudy is ok")
        #expect(reply.json["version"] == "9.8.7")
        #expect(reply.json["uptimeInSeconds"]?.numberValue?.intValue != nil)
        #expect(reply.json["timestamp"]?.stringValue.flatMap(ISO8601.parse) != nil)
    }

    @Test func versionAsJSONOrText() {
        let admin = AdminHarness()
        #expect(admin.call("GET", "/__admin/version").json == ["version": "9.8.7"])
        let text = admin.call("GET", "/__admin/version", headers: [("Accept", "text/plain")])
        #expect(text.text == "9.8.7")
        #expect(text.response.headers.first("Content-Type") == "text/plain")
    }

    @Test func unknownRouteIs404InWireMocksShape() {
        let admin = AdminHarness()
        for path in ["/__admin/nothing", "/__admin/mappings/a/b/c", "/__adminx"] {
            let reply = admin.call("GET", path)
            #expect(reply.status == 404)
            #expect(reply.errorTitle != nil)
        }
    }

    @Test func wrongMethodOnAKnownPathIs405WithAllow() {
        let admin = AdminHarness()
        let reply = admin.call("PATCH", "/__admin/mappings")
        #expect(reply.status == 405)
        #expect(reply.response.headers.first("Allow") == "GET, POST, DELETE")
        #expect(admin.call("GET", "/__admin/shutdown").status == 405)
    }
}

@Suite struct AdminRouterTests {
    @Test func segmentsBelowThePrefixAreDecoded() {
        #expect(AdminRouter<Int>.segments(of: "/__admin") == [])
        #expect(AdminRouter<Int>.segments(of: "/__admin/") == [])
        #expect(AdminRouter<Int>.segments(of: "/__admin/scenarios/a%20b/state") == ["scenarios", "a b", "state"])
        #expect(AdminRouter<Int>.segments(of: "/__administrator") == nil)
        #expect(AdminRouter<Int>.segments(of: "/other") == nil)
    }

    @Test func literalSegmentsBeatParameters() {
        var router = AdminRouter<Int>()
        router.add("GET", "things/{id}") { _, call in
            AdminResponse(status: 200, body: Data("id \(call.parameters[0])".utf8))
        }
        router.add("GET", "things/special") { _, _ in AdminResponse(status: 200, body: Data("special".utf8)) }
        let special = router.handle(LoggedRequest(method: "GET", url: "/__admin/things/special"), target: 0)
        let other = router.handle(LoggedRequest(method: "GET", url: "/__admin/things/42?x=1"), target: 0)
        #expect(String(decoding: special.body, as: UTF8.self) == "special")
        #expect(String(decoding: other.body, as: UTF8.self) == "id 42")
    }

    @Test func unexpectedErrorsBecome500NotACrash() {
        struct Boom: Error {}
        var router = AdminRouter<Int>()
        router.add("GET", "boom") { _, _ in throw Boom() }
        #expect(router.handle(LoggedRequest(method: "GET", url: "/__admin/boom"), target: 0).status == 500)
    }
}
