import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// `"method": {"oneOf": [...]}` and `{"noneOf": [...]}`: matching, the codec and near misses.
@Suite struct MethodListTests {
    func pattern(_ json: String) throws -> RequestPattern {
        try RequestPattern(json: JSONParser.parse(json))
    }

    @Test func oneOfMatchesOnlyTheListedMethods() throws {
        let p = try pattern(#"{"method":{"oneOf":["GET","POST"]},"url":"/a"}"#)
        #expect(p.method == .oneOf(["GET", "POST"]))
        #expect(p.matches(MatchContext(request: request("GET", "/a"))))
        #expect(p.matches(MatchContext(request: request("POST", "/a"))))
        #expect(!p.matches(MatchContext(request: request("PUT", "/a"))))
        // Method names are case-sensitive, as elsewhere.
        #expect(!p.matches(MatchContext(request: request("get", "/a"))))
    }

    @Test func noneOfMatchesEveryOtherMethod() throws {
        let p = try pattern(#"{"method":{"noneOf":["GET","HEAD"]},"url":"/a"}"#)
        #expect(p.method == .noneOf(["GET", "HEAD"]))
        #expect(!p.matches(MatchContext(request: request("GET", "/a"))))
        #expect(!p.matches(MatchContext(request: request("HEAD", "/a"))))
        #expect(p.matches(MatchContext(request: request("DELETE", "/a"))))
    }

    @Test(arguments: [
        #"{"request":{"method":{"oneOf":["GET","POST"]},"url":"/a"},"response":{"status":200}}"#,
        #"{"request":{"method":{"noneOf":["PUT"]},"urlPath":"/b"},"response":{"status":204}}"#
    ])
    func theCodecWritesTheListBackUnchanged(_ text: String) throws {
        let first = try stub(text)
        let second = try StubMapping(json: first.json)
        #expect(first == second)
        #expect(first.json["request"]?["method"] == (try JSONParser.parse(text))["request"]?["method"])
    }

    @Test(arguments: [
        (#"{"request":{"method":{"oneOf":"GET"}}}"#, "/request/method/oneOf"),
        (#"{"request":{"method":{"oneOf":["GET",3]}}}"#, "/request/method/oneOf/1"),
        (#"{"request":{"method":{"noneOf":[""]}}}"#, "/request/method/noneOf/0"),
        (#"{"request":{"method":{"anyOf":["GET"]}}}"#, "/request/method"),
        (#"{"request":{"method":{"oneOf":["GET"],"noneOf":["PUT"]}}}"#, "/request/method")
    ])
    func badListsNameTheirPointer(_ text: String, _ pointer: String) throws {
        do {
            _ = try StubMapping(jsonText: text)
            Issue.record("expected \(text) to be refused")
        } catch {
            #expect(error.pointer == pointer, "\(error)")
        }
    }

    /// As WireMock 4 reads them (its admin API description's examples use `noneOf: []`).
    @Test func emptyListsMatchEveryMethodOrNone() throws {
        let none = try stub(#"{"request":{"method":{"noneOf":[]},"url":"/n"},"response":{"status":204}}"#)
        let one = try stub(#"{"request":{"method":{"oneOf":[]},"url":"/o"},"response":{"status":204}}"#)
        for method in ["GET", "POST", "PATCH"] {
            #expect(none.request.matches(MatchContext(request: request(method, "/n"))))
            #expect(!one.request.matches(MatchContext(request: request(method, "/o"))))
        }
        #expect(try StubMapping(json: none.json) == none)
    }

    @Test func aMatchingListCostsNothingInTheNearMissAndAMismatchCostsAsAWrongMethod() throws {
        let listed = try stub(#"{"request":{"method":{"oneOf":["GET","POST"]},"url":"/thing"}}"#)
        let single = try stub(#"{"request":{"method":"GET","url":"/thing"}}"#)
        let get = MatchContext(request: request("GET", "/thing/x"))
        #expect(listed.request.distance(get) == single.request.distance(get))
        let put = MatchContext(request: request("PUT", "/thing/x"))
        #expect(listed.request.distance(put) == single.request.distance(put))
        #expect(listed.request.distance(put) > listed.request.distance(get))
    }

    @Test func theDiffShowsTheListAsWireMockDoes() throws {
        let s = try stub(#"{"request":{"method":{"oneOf":["GET","PUT"]},"url":"/url"}}"#)
        let miss = try #require(NearMissCalculator.nearest(to: request("POST", "/url"), among: [s]).first)
        let lines = DiffRenderer.render(miss).split(separator: "\n").map(String.init)
        let row = try #require(lines.first { $0.hasPrefix("oneOf: [GET, PUT]") })
        #expect(row.contains("| POST"))
        #expect(row.hasSuffix("<<<<< HTTP method does not match"))
    }
}
