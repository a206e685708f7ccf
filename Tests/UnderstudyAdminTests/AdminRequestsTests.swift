import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin

@Suite struct AdminRequestsTests {
    /// Three requests a second apart: `/a` (matched), `/b` (unmatched), `/c` (matched).
    func journalled() -> (AdminHarness, stub: String) {
        let admin = AdminHarness()
        let stub = admin.create(#"{"request":{"urlPathPattern":"/[ac]"},"metadata":{"team":"x"}}"#)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        admin.serve("GET", "/a", at: start)
        admin.serve("GET", "/b", at: start.addingTimeInterval(1))
        admin.serve("POST", "/c", body: "hi", at: start.addingTimeInterval(2))
        return (admin, stub)
    }

    func urls(_ reply: AdminReply, _ key: String = "requests") -> [String] {
        reply.json[key]?.arrayValue?.compactMap { ($0["request"] ?? $0)["url"]?.stringValue } ?? []
    }

    @Test func listIsNewestFirstWithServeEvents() {
        let (admin, stub) = journalled()
        let reply = admin.call("GET", "/__admin/requests")
        #expect(reply.status == 200)
        #expect(urls(reply) == ["/c", "/b", "/a"])
        #expect(reply.json["meta"]?["total"] == 3)
        #expect(reply.json["requestJournalDisabled"] == false)
        let newest = reply.json["requests"]?[0]
        #expect(newest?["wasMatched"] == true)
        #expect(newest?["stubMapping"]?["id"]?.stringValue == stub)
        #expect(newest?["response"]?["status"] == 200)
        #expect(reply.json["requests"]?[1]?["responseDefinition"] == ["status": 404, "fromConfiguredStub": false])
    }

    @Test func listFilters() {
        let (admin, stub) = journalled()
        #expect(urls(admin.call("GET", "/__admin/requests?limit=1")) == ["/c"])
        #expect(admin.call("GET", "/__admin/requests?limit=1").json["meta"]?["total"] == 3)
        #expect(urls(admin.call("GET", "/__admin/requests?since=2023-11-14T22:13:20.500Z")) == ["/c", "/b"])
        #expect(urls(admin.call("GET", "/__admin/requests?since=2023-11-14T23:13:21%2B01:00")) == ["/c"])
        #expect(urls(admin.call("GET", "/__admin/requests?unmatched=true")) == ["/b"])
        #expect(urls(admin.call("GET", "/__admin/requests?matchingStub=\(stub)")) == ["/c", "/a"])
    }

    @Test func badSinceAndMatchingStubAre400() {
        let (admin, _) = journalled()
        let since = admin.call("GET", "/__admin/requests?since=foo")
        #expect(since.status == 400)
        #expect(
            since.json == [
                "errors": [["code": 10, "source": ["pointer": "since"], "title": "foo is not a valid ISO8601 date"]]
            ])
        let stub = admin.call("GET", "/__admin/requests?matchingStub=x")
        #expect(stub.status == 400)
        #expect(stub.errorTitle == "Query parameter matchingStub value 'x' is not a valid UUID")
    }

    @Test func getAndDeleteById() throws {
        let (admin, _) = journalled()
        let id = try #require(admin.call("GET", "/__admin/requests").json["requests"]?[0]?["id"]?.stringValue)
        let one = admin.call("GET", "/__admin/requests/\(id)")
        #expect(one.status == 200)
        #expect(one.json["request"]?["url"] == "/c")
        #expect(admin.call("GET", "/__admin/requests/\(UUID().uuidString)").status == 404)
        #expect(admin.call("GET", "/__admin/requests/nope").status == 400)
        #expect(admin.call("DELETE", "/__admin/requests/\(id)").status == 200)
        #expect(admin.engine.journal.count == 2)
    }

    @Test(arguments: [("DELETE", "/__admin/requests"), ("POST", "/__admin/requests/reset")])
    func clearingTheJournal(_ method: String, _ path: String) {
        let (admin, _) = journalled()
        let reply = admin.call(method, path)
        #expect(reply.status == 200)
        #expect(admin.engine.journal.count == 0)
        #expect(admin.engine.store.count == 1)
    }

    @Test func countFindAndRemoveByPattern() {
        let (admin, _) = journalled()
        let count = admin.call("POST", "/__admin/requests/count", #"{"method":"GET","urlPathPattern":"/.*"}"#)
        #expect(count.json == ["count": 2, "requestJournalDisabled": false])
        let found = admin.call("POST", "/__admin/requests/find", #"{"method":"ANY","bodyPatterns":[{"equalTo":"hi"}]}"#)
        #expect(urls(found) == ["/c"])
        #expect(found.json["requests"]?[0]?["body"] == "hi")
        let removed = admin.call("POST", "/__admin/requests/remove", #"{"method":"GET"}"#)
        #expect(urls(removed, "serveEvents") == ["/a", "/b"])
        #expect(admin.engine.journal.count == 1)
        #expect(admin.call("POST", "/__admin/requests/count", #"{"method":{"bad":1}}"#).status == 422)
    }

    @Test func removeByStubMetadata() {
        let (admin, _) = journalled()
        let removed = admin.call(
            "POST", "/__admin/requests/remove-by-metadata", #"{"matchesJsonPath":"$[?(@.team == 'x')]"}"#)
        #expect(removed.status == 200)
        #expect(urls(removed, "serveEvents") == ["/a", "/c"])
        #expect(admin.engine.journal.events.map(\.request.url) == ["/b"])
    }

    @Test func unmatchedRequestsAndTheirNearMisses() {
        let (admin, stub) = journalled()
        let unmatched = admin.call("GET", "/__admin/requests/unmatched")
        #expect(urls(unmatched) == ["/b"])
        #expect(unmatched.json["requests"]?[0]?["absoluteUrl"] == "http://localhost/b")
        let misses = admin.call("GET", "/__admin/requests/unmatched/near-misses")
        #expect(misses.json["nearMisses"]?.arrayValue?.count == 1)
        #expect(misses.json["nearMisses"]?[0]?["stubMapping"]?["id"]?.stringValue == stub)
        #expect(misses.json["nearMisses"]?[0]?["request"]?["url"] == "/b")
        #expect(misses.json["nearMisses"]?[0]?["matchResult"]?["distance"]?.numberValue != nil)
    }

    @Test func disabledJournalSaysSo() {
        let engine = StubEngine(journal: RequestJournal(capacity: 0))
        let api = WireMockAdminAPI(engine: engine)
        let reply = AdminReply(response: api.handle(LoggedRequest(method: "GET", url: "/__admin/requests")))
        #expect(reply.json["requestJournalDisabled"] == true)
    }
}

@Suite struct AdminNearMissTests {
    @Test func nearestStubsToALoggedRequestWithMissingFields() {
        let admin = AdminHarness()
        admin.create(#"{"request":{"method":"GET","url":"/thing"}}"#)
        admin.create(#"{"request":{"method":"GET","url":"/other/place"}}"#)
        admin.create(#"{"request":{"method":"POST","url":"/thin"}}"#)
        admin.create(#"{"request":{"method":"PUT","url":"/far/far/away"}}"#)
        let reply = admin.call("POST", "/__admin/near-misses/request", #"{"url":"/thin","method":"GET"}"#)
        #expect(reply.status == 200)
        let urls = reply.json["nearMisses"]?.arrayValue?.compactMap {
            $0["stubMapping"]?["request"]?["url"]?.stringValue
        }
        #expect(urls?.count == 3)
        #expect(urls?.first == "/thing" || urls?.first == "/thin")
        #expect(!(urls ?? []).contains("/far/far/away"))
        #expect(admin.call("POST", "/__admin/near-misses/request", "{}").status == 200)
        #expect(admin.call("POST", "/__admin/near-misses/request", "[]").status == 422)
    }

    @Test func nearestJournalEntriesToAPattern() {
        let admin = AdminHarness()
        for url in ["/aaaa", "/aaab", "/zzzzzzzz", "/aabb"] { admin.serve("GET", url) }
        let reply = admin.call("POST", "/__admin/near-misses/request-pattern", #"{"method":"GET","url":"/aaaa"}"#)
        let urls = reply.json["nearMisses"]?.arrayValue?.compactMap { $0["request"]?["url"]?.stringValue }
        #expect(urls == ["/aaaa", "/aaab", "/aabb"])
        #expect(reply.json["nearMisses"]?[0]?["requestPattern"]?["url"] == "/aaaa")
        #expect(reply.json["nearMisses"]?[0]?["matchResult"]?["distance"] == 0)
    }
}
