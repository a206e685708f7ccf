import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

@Suite struct NearMissTests {
    @Test func closestStubsComeFirstAndOnlyThree() throws {
        let stubs = try [
            stub(#"{"request":{"method":"GET","url":"/thing"}}"#),
            stub(#"{"request":{"method":"POST","url":"/thing"}}"#),
            stub(#"{"request":{"method":"GET","url":"/completely/different"}}"#),
            stub(#"{"request":{"method":"DELETE","url":"/zzz"}}"#)
        ]
        let misses = NearMissCalculator.nearest(to: request("GET", "/thin"), among: stubs)
        #expect(misses.count == 3)
        #expect(misses[0].stub?.id == stubs[0].id)
        #expect(misses[1].stub?.id == stubs[1].id)
        #expect(misses.map(\.distance) == misses.map(\.distance).sorted())
    }

    @Test func urlWeighsMoreThanMethodAndHeaders() throws {
        let urlOff = try stub(#"{"request":{"method":"GET","url":"/orders/1234567"}}"#)
        let methodOff = try stub(#"{"request":{"method":"POST","url":"/orders/1"}}"#)
        let misses = NearMissCalculator.nearest(to: request("GET", "/orders/1"), among: [urlOff, methodOff])
        #expect(misses.first?.stub?.id == methodOff.id)
    }

    @Test func theDiffFollowsWireMocksLayout() throws {
        let s = try stub(
            #"{"name":"post thing","request":{"method":"POST","url":"/thing","headers":{"X-My-Header":{"contains":"correct value"}},"bodyPatterns":[{"equalToJson":{"a":1}}]}}"#
        )
        let req = request("POST", "/thin", headers: [("X-My-Header", "wrong value")], body: #"{"a":2}"#)
        let miss = try #require(NearMissCalculator.nearest(to: req, among: [s]).first)
        let diff = DiffRenderer.render(miss)
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "Request was not matched")
        #expect(lines[0].hasPrefix(String(repeating: " ", count: 47)))
        #expect(lines[3] == String(repeating: "-", count: 119))
        #expect(lines[4].hasPrefix("| Closest stub") && lines[4].count == 119 && lines[4].hasSuffix("|"))
        #expect(lines.contains { $0.hasPrefix("post thing") && $0.dropFirst(59).hasPrefix("|") })
        #expect(lines.contains("POST" + String(repeating: " ", count: 55) + "| POST"))
        let urlRow = try #require(lines.first { $0.hasPrefix("/thing") })
        #expect(urlRow.contains("| /thin"))
        #expect(urlRow.hasSuffix("<<<<< URL does not match"))
        #expect(urlRow.firstRange(of: "<<<<<")?.lowerBound.utf16Offset(in: urlRow) == 113)
        #expect(
            lines.contains {
                $0.hasPrefix("X-My-Header [contains] : correct value") && $0.contains("| X-My-Header: wrong value")
                    && $0.hasSuffix("<<<<< Header does not match")
            })
        #expect(lines.contains { $0.hasPrefix("{") && $0.hasSuffix("<<<<< Body does not match") })
        #expect(lines.contains { $0.hasPrefix("  \"a\" : 1") && $0.contains("|   \"a\" : 2") })
    }

    @Test func wrongScenarioStateIsAMissAndReported() throws {
        let s = try stub(#"{"scenarioName":"thing states","requiredScenarioState":"first","request":{"url":"/thing"}}"#)
        let store = try store([s])
        #expect(store.match(request("GET", "/thing")) == nil)
        let miss = try #require(
            NearMissCalculator.nearest(
                to: request("GET", "/thing"), among: store.stubs, scenarioStates: store.scenarioStates
            ).first)
        #expect(miss.scenarioState == "Started")
        #expect(DiffRenderer.render(miss).contains("[Scenario 'thing states' state: first]"))
        #expect(DiffRenderer.render(miss).contains("<<<<< Scenario does not match"))
    }

    @Test func noStubsGivesWireMocksSentence() {
        let engine = StubEngine()
        let decision = engine.served(request("GET", "/x"))
        #expect(decision.status == 404)
        #expect(
            String(decoding: decision.body, as: UTF8.self)
                == "No response could be served as there are no stub mappings in this WireMock instance.")
        #expect(decision.headers.first("Content-Type") == "text/plain")
    }

    @Test func aMissAnswers404WithTheDiffAndJournalsIt() throws {
        let engine = StubEngine()
        try engine.store.add(try stub(#"{"request":{"urlPath":"/thing"}}"#))
        let decision = engine.served(request("GET", "/thin", headers: [("X-WireMock-Console-Width", "80")]))
        let text = String(decoding: decision.body, as: UTF8.self)
        #expect(decision.status == 404)
        #expect(text.contains("Request was not matched"))
        #expect(text.split(separator: "\n").contains { $0 == Substring(String(repeating: "-", count: 80)) })
        #expect(engine.journal.unmatchedEvents.first?.subEvents.first?.type == "REQUEST_NOT_MATCHED")
    }

    @Test func requestPatternNearMissesRankJournalEntries() throws {
        let pattern = try RequestPattern(json: JSONParser.parse(#"{"method":"GET","url":"/thing"}"#))
        let misses = NearMissCalculator.nearest(
            to: pattern, among: [request("GET", "/zzzzzz"), request("GET", "/thing2"), request("POST", "/thing")])
        #expect(misses.first?.request.url == "/thing2")
    }
}
