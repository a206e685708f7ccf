import Foundation
import Testing
import Understudy
import UnderstudyCore  // compares the DSL with the core values it builds
import UnderstudyJSON

/// Every DSL value has the meaning of its WireMock JSON.
@Suite struct DSLTests {
    static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    @Test func requestPatternsWriteWireMockJSON() throws {
        #expect(RequestPattern.get("/p").json == (try Self.json(#"{"method":"GET","urlPath":"/p"}"#)))
        #expect(RequestPattern.get("/p?q=1").json == (try Self.json(#"{"method":"GET","url":"/p?q=1"}"#)))
        #expect(RequestPattern.any("/p").json == (try Self.json(#"{"method":"ANY","urlPath":"/p"}"#)))
        let full = try RequestPattern.post("/r").query("page", .equalTo("2")).header("Accept", .contains("json"))
            .cookie("s", .absent).basicAuth("u", "p").jsonBody(["a": 1], ignoreArrayOrder: true)
        let expected = try Self.json(
            #"""
            {"method":"POST","urlPath":"/r","headers":{"Accept":{"contains":"json"}},"queryParameters":{"page":{"equalTo":"2"}},
             "cookies":{"s":{"absent":true}},"basicAuthCredentials":{"username":"u","password":"p"},
             "bodyPatterns":[{"equalToJson":{"a":1},"ignoreArrayOrder":true}]}
            """#)
        #expect(try RequestPattern(json: full.json) == RequestPattern(json: expected))
        let parsedBack = try RequestPattern(json: full.json)
        #expect(parsedBack == full)
    }

    @Test func methodListsWriteWireMockJSON() throws {
        #expect(
            RequestPattern.oneOf(["GET", "HEAD"], path: "/s").json
                == (try Self.json(#"{"method":{"oneOf":["GET","HEAD"]},"urlPath":"/s"}"#)))
        #expect(
            RequestPattern.noneOf(["DELETE"], path: "/s?x=1").json
                == (try Self.json(#"{"method":{"noneOf":["DELETE"]},"url":"/s?x=1"}"#)))
        #expect(RequestPattern.get("/s").withMethods(oneOf: ["GET", "POST"]).method == .oneOf(["GET", "POST"]))
        #expect(RequestPattern.get("/s").withMethods(noneOf: ["PUT"]).method == .noneOf(["PUT"]))
    }

    @Test func compilingConstructorsThrowInsteadOfNeverMatching() throws {
        #expect(throws: RegexSyntaxError.self) { try StringValuePattern.matches("(") }
        #expect(throws: RegexSyntaxError.self) { try RequestPattern.urlPattern("[") }
        #expect(throws: (any Error).self) { try RequestPattern.post("/a").jsonPath("$[") }
        #expect(try StringValuePattern.matches("a+") == .matches(try RegexPattern("a+")))
    }

    @Test func responsesWriteWireMockJSON() throws {
        #expect(
            ResponseDefinition.ok(json: "[]").json
                == (try Self.json(#"{"status":200,"body":"[]","headers":{"Content-Type":"application/json"}}"#)))
        #expect(
            ResponseDefinition.unauthorized(challenge: .basic(realm: "api")).json
                == (try Self.json(#"{"status":401,"headers":{"WWW-Authenticate":"Basic realm=\"api\""}}"#)))
        #expect(
            ResponseDefinition.redirect(to: "/x").json
                == (try Self.json(#"{"status":302,"headers":{"Location":"/x"}}"#)))
        #expect(
            ResponseDefinition.fault(.emptyResponse).json
                == (try Self.json(#"{"status":200,"fault":"EMPTY_RESPONSE"}"#)))
        #expect(ResponseDefinition.ok().delay(.milliseconds(250)).fixedDelayMilliseconds == 250)
        #expect(
            ResponseDefinition.ok().delay(.lognormal(median: .milliseconds(80), sigma: 0.4)).delayDistribution
                == .lognormal(median: 80, sigma: 0.4, maxValue: nil))
        #expect(
            ResponseDefinition.ok().delay(.uniform(.milliseconds(10)...(.milliseconds(20)))).delayDistribution
                == .uniform(lower: 10, upper: 20))
        #expect(ResponseDefinition.ok(bodyFile: "a.json").body == .file("a.json"))
    }

    /// One name for a JSON answer: `json:` takes the text as written (`body`) or a value (`jsonBody`).
    @Test func jsonAnswersTakeTextOrAValue() throws {
        #expect(
            ResponseDefinition.ok(json: ["id": 1, "tags": ["a"]]).json
                == (try Self.json(
                    #"{"status":200,"jsonBody":{"id":1,"tags":["a"]},"headers":{"Content-Type":"application/json"}}"#)))
        #expect(
            ResponseDefinition.created(json: ["id": 2]).json
                == (try Self.json(#"{"status":201,"jsonBody":{"id":2},"headers":{"Content-Type":"application/json"}}"#))
        )
        #expect(
            ResponseDefinition.status(422).json(["error": "taken"]).json
                == (try Self.json(
                    #"{"status":422,"jsonBody":{"error":"taken"},"headers":{"Content-Type":"application/json"}}"#)))
        // A string literal is text, kept as written.
        #expect(ResponseDefinition.ok(json: #"{"b":1,"a":2}"#).body == .text(#"{"b":1,"a":2}"#))
    }

    @Test func sequencesAreScenariosInJSON() async throws {
        try await withInProcessStubs { stubs throws in
            let handle = stubs.stub(.get("/job"), sequence: [.accepted(), .ok()])
            let mappings = handle.mappings
            #expect(mappings.count == 2)
            #expect(Set(mappings.compactMap(\.scenarioName)).count == 1)
            let first = try #require(mappings.first { $0.requiredScenarioState == "Started" })
            #expect(first.newScenarioState == "step-1")
            let last = try #require(mappings.first { $0.requiredScenarioState == "step-1" })
            #expect(last.newScenarioState == nil)
            // Round-trips through WireMock JSON.
            #expect(try StubMapping(json: last.json) == last)
        }
    }

    @Test func verificationCountsDescribeThemselves() {
        #expect(VerificationCount.never == .exactly(0))
        #expect(VerificationCount.atLeast(2).isSatisfied(by: 3))
        #expect(!VerificationCount.atMost(2).isSatisfied(by: 3))
        #expect(VerificationCount.exactly(2).description == "exactly 2")
    }
}
