import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin

@Suite struct AdminMappingsTests {
    @Test func listIsInMatchOrderWithTotalLimitAndOffset() {
        let admin = AdminHarness()
        for i in 1...20 { admin.create(#"{"request":{"url":"/things/\#(i)"}}"#) }
        admin.create(#"{"priority":1,"request":{"url":"/first"}}"#)
        let page = admin.call("GET", "/__admin/mappings?limit=2&offset=3")
        #expect(page.status == 200)
        #expect(page.json["meta"]?["total"] == 21)
        #expect(
            page.json["mappings"]?.arrayValue?.compactMap { $0["request"]?["url"]?.stringValue } == [
                "/things/18", "/things/17"
            ])
        #expect(admin.listedURLs().prefix(2) == ["/first", "/things/20"])
    }

    @Test(arguments: ["/__admin", "/__admin/"])
    func adminRootListsMappings(_ path: String) {
        let admin = AdminHarness()
        admin.create(#"{"request":{"url":"/a"}}"#)
        #expect(admin.listedURLs(path) == ["/a"])
    }

    @Test func badPagingIsA400() {
        let admin = AdminHarness()
        #expect(admin.call("GET", "/__admin/mappings?limit=x").status == 400)
    }

    @Test func createAnswers201WithTheStoredStub() {
        let admin = AdminHarness()
        let reply = admin.call(
            "POST", "/__admin/mappings",
            #"{"request":{"method":"GET","url":"/hi"},"response":{"body":"hello"},"extra":1}"#)
        #expect(reply.status == 201)
        #expect(reply.response.headers.first("Content-Type") == "application/json")
        let id = reply.json["id"]?.stringValue ?? ""
        #expect(UUID(uuidString: id) != nil)
        #expect(reply.json["uuid"]?.stringValue == id)
        #expect(admin.serve("GET", "/hi").body == Data("hello".utf8))
    }

    @Test func emptyObjectIsALegalStub() {
        let admin = AdminHarness()
        let reply = admin.call("POST", "/__admin/mappings", "{}")
        #expect(reply.status == 201)
        #expect(reply.json["request"]?["method"] == "ANY")
        #expect(admin.serve("DELETE", "/anything").status == 200)
    }

    @Test func badMappingIs422AndChangesNothing() {
        let admin = AdminHarness()
        let reply = admin.call(
            "POST", "/__admin/mappings", #"{"request":{"bodyPatterns":[{"equalTo":"x"},{"matches":"[a-"}]}}"#)
        #expect(reply.status == 422)
        #expect(
            reply.json["errors"]?[0]?["source"]?["pointer"]?.stringValue?.hasPrefix("/request/bodyPatterns/1") == true)
        #expect(reply.json["errors"]?[0]?["code"] == 10)
        #expect(admin.engine.store.count == 0)
    }

    @Test(arguments: ["{not json", "", "[1,"])
    func malformedOrMissingBodyIs422(_ body: String) {
        let admin = AdminHarness()
        let reply = admin.call("POST", "/__admin/mappings", body)
        #expect(reply.status == 422)
        #expect(reply.errorTitle == "Error parsing JSON")
        #expect(admin.engine.store.count == 0)
    }

    @Test func duplicateIdIsRefused() {
        let admin = AdminHarness()
        let id = UUID().uuidString.lowercased()
        #expect(admin.call("POST", "/__admin/mappings", #"{"id":"\#(id)"}"#).status == 201)
        let again = admin.call("POST", "/__admin/mappings", #"{"id":"\#(id)","request":{"url":"/other"}}"#)
        #expect(again.status == 422)
        #expect(again.json["errors"]?[0]?["code"] == 109)
        #expect(admin.engine.store.count == 1)
    }

    @Test func getById() {
        let admin = AdminHarness()
        let id = admin.create(#"{"request":{"url":"/x"}}"#)
        let reply = admin.call("GET", "/__admin/mappings/\(id)")
        #expect(reply.status == 200)
        #expect(reply.json["request"]?["url"] == "/x")
        #expect(admin.call("GET", "/__admin/mappings/\(UUID().uuidString)").status == 404)
    }

    @Test func notAUUIDIs400InWireMocksShape() {
        let admin = AdminHarness()
        for method in ["GET", "PUT", "DELETE"] {
            let reply = admin.call(method, "/__admin/mappings/not-a-uuid", "{}")
            #expect(reply.status == 400)
            #expect(reply.json == ["errors": [["code": 10, "title": "not-a-uuid is not a valid UUID"]]])
        }
    }

    @Test func putReplacesInPlaceAndThePathIdWins() {
        let admin = AdminHarness()
        admin.create(#"{"request":{"url":"/a"}}"#)
        let id = admin.create(#"{"request":{"url":"/b"}}"#)
        admin.create(#"{"request":{"url":"/c"}}"#)
        let other = UUID().uuidString.lowercased()
        let reply = admin.call("PUT", "/__admin/mappings/\(id)", #"{"id":"\#(other)","request":{"url":"/b2"}}"#)
        #expect(reply.status == 200)
        #expect(reply.json["id"]?.stringValue == id)
        #expect(admin.listedURLs() == ["/c", "/b2", "/a"])
        #expect(admin.call("PUT", "/__admin/mappings/\(UUID().uuidString)", "{}").status == 404)
    }

    @Test func putWithABadBodyChangesNothing() {
        let admin = AdminHarness()
        let id = admin.create(#"{"request":{"url":"/a"}}"#)
        #expect(admin.call("PUT", "/__admin/mappings/\(id)", #"{"priority":"LOW"}"#).status == 422)
        #expect(admin.listedURLs() == ["/a"])
    }

    @Test func editRouteReplacesByTheBodyId() {
        let admin = AdminHarness()
        let id = admin.create(#"{"request":{"url":"/a"}}"#)
        #expect(
            admin.call("POST", "/__admin/mappings/edit", #"{"id":"\#(id)","request":{"url":"/edited"}}"#).status == 200)
        #expect(admin.listedURLs() == ["/edited"])
    }

    @Test func deleteById() {
        let admin = AdminHarness()
        let id = admin.create(#"{"request":{"url":"/a"}}"#)
        let reply = admin.call("DELETE", "/__admin/mappings/\(id)")
        #expect(reply.status == 200)
        #expect(reply.json == .object([:]))
        #expect(admin.engine.store.count == 0)
        #expect(admin.call("DELETE", "/__admin/mappings/\(id)").status == 404)
    }

    @Test func deleteAllClearsStubsAndScenariosButKeepsTheJournal() {
        let admin = AdminHarness()
        admin.create(#"{"scenarioName":"s","newScenarioState":"two","request":{"url":"/a"}}"#)
        admin.serve("GET", "/a")
        #expect(admin.call("DELETE", "/__admin/mappings").status == 200)
        #expect(admin.engine.store.count == 0)
        #expect(admin.engine.store.scenarioStates.isEmpty)
        #expect(admin.engine.journal.count == 1)
    }

    @Test func removeFindsById() {
        let admin = AdminHarness()
        let id = admin.create(#"{"request":{"url":"/a"}}"#)
        admin.create(#"{"request":{"url":"/b"}}"#)
        #expect(
            admin.call("POST", "/__admin/mappings/remove", #"{"id":"\#(id)","request":{"url":"/zzz"}}"#).status == 200)
        #expect(admin.listedURLs() == ["/b"])
    }

    @Test func removeFallsBackToTheFirstStubWithAnEqualRequest() {
        let admin = AdminHarness()
        admin.create(#"{"request":{"method":"GET","url":"/same"},"response":{"status":201}}"#)
        admin.create(#"{"request":{"method":"GET","url":"/same"},"response":{"status":202}}"#)
        admin.create(#"{"request":{"method":"POST","url":"/same"}}"#)
        #expect(
            admin.call("POST", "/__admin/mappings/remove", #"{"request":{"method":"GET","url":"/same"}}"#).status == 200
        )
        let statuses = admin.call("GET", "/__admin/mappings").json["mappings"]?.arrayValue?.compactMap {
            $0["response"]?["status"]
        }
        #expect(statuses == [200, 201])
    }

    @Test func removeTakesAListAndValidatesItFirst() {
        let admin = AdminHarness()
        let a = admin.create(#"{"request":{"url":"/a"}}"#)
        let b = admin.create(#"{"request":{"url":"/b"}}"#)
        let bad = admin.call("POST", "/__admin/mappings/remove", #"{"mappings":[{"id":"\#(a)"},{"priority":"high"}]}"#)
        #expect(bad.status == 422)
        #expect(bad.json["errors"]?[0]?["source"]?["pointer"] == "/mappings/1/priority")
        #expect(admin.engine.store.count == 2)
        #expect(
            admin.call("POST", "/__admin/mappings/remove", #"{"mappings":[{"id":"\#(a)"},{"id":"\#(b)"}]}"#).status
                == 200)
        #expect(admin.engine.store.count == 0)
    }

    @Test func unknownMappingFieldsAreTolerated() {
        let admin = AdminHarness()
        let reply = admin.call(
            "POST", "/__admin/mappings",
            #"{"$schema":"x","request":{"url":"/a","someday":1},"response":{"status":204},"whatever":[1]}"#)
        #expect(reply.status == 201)
    }
}
