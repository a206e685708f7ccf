import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// Decoding, encoding and errors of WireMock mapping JSON.
@Suite struct MappingCodecTests {
    static let realistic: [String] = [
        #"{"id":"8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7","name":"post review","priority":3,"persistent":true,"request":{"method":"POST","urlPathTemplate":"/restaurants/{id}/reviews","pathParameters":{"id":{"matches":"[0-9]+"}},"headers":{"Content-Type":{"contains":"json"},"Accept":{"hasExactly":[{"equalTo":"application/json"}]}},"bodyPatterns":[{"equalToJson":{"title":"${json-unit.any-string}"},"ignoreExtraElements":true},{"matchesJsonPath":{"expression":"$.stars","or":[{"equalTo":"4"},{"equalTo":"5"}]}}]},"response":{"status":201,"jsonBody":{"id":1,"title":"Whatever"},"headers":{"Content-Type":"application/json","Set-Cookie":["a=1","b=2"]},"fixedDelayMilliseconds":20}}"#,
        #"{"request":{"method":"GET","url":"/timeline?page=2","cookies":{"session":{"not":{"absent":true}}},"basicAuthCredentials":{"username":"rita","password":"mysecret"}},"response":{"status":200,"bodyFileName":"timeline/page2.json","delayDistribution":{"type":"lognormal","median":80,"sigma":0.4,"maxValue":500},"transformers":["response-template"],"transformerParameters":{"disableBodyFileTemplating":true}},"scenarioName":"paging","requiredScenarioState":"Started","newScenarioState":"page-2","metadata":{"team":{"name":"api"}}}"#,
        #"{"request":{"urlPattern":"/slow/.*","queryParameters":{"q":{"includes":[{"equalTo":"1"}]},"z":{"absent":true}}},"response":{"status":503,"statusMessage":"Busy","chunkedDribbleDelay":{"numberOfChunks":5,"totalDuration":500},"base64Body":"aGVsbG8="}}"#,
        #"{"request":{"method":"ANY","urlPathPattern":"/faults/[a-z]+","formParameters":{"n":{"equalTo":"1"}},"host":{"equalTo":"example.com"},"port":8080,"scheme":"https"},"response":{"fault":"CONNECTION_RESET_BY_PEER","delayDistribution":{"type":"uniform","lower":5,"upper":10}}}"#,
        #"{"request":{"urlPath":"/xml","bodyPatterns":[{"equalToXml":"<a>${xmlunit.ignore}</a>","enablePlaceholders":true},{"matchesXPath":{"expression":"//a/text()","contains":"x"},"xPathNamespaces":{"s":"urn:s"}},{"matchesJsonSchema":"{\"type\":\"object\"}","schemaVersion":"V7"},{"before":"now +3 days","truncateExpected":"first day of month"},{"binaryEqualTo":"AAEC"}]},"response":{"proxyBaseUrl":"http://upstream","proxyUrlPrefixToRemove":"/api","additionalProxyRequestHeaders":{"X-A":"b"},"removeProxyRequestHeaders":["Cookie"]},"postServeActions":[{"name":"webhook","parameters":{"url":"http://x"}}]}"#
    ]

    @Test(arguments: realistic)
    func decodeEncodeDecodeGivesAnEqualModel(_ text: String) throws {
        let first = try StubMapping(jsonText: text)
        let second = try StubMapping(json: first.json)
        #expect(first == second)
        // Writing again gives the same JSON: the admin API can return stored stubs unchanged.
        #expect(second.json == first.json)
    }

    @Test func encodingWritesWireMockKeys() throws {
        let stub = try StubMapping(jsonText: Self.realistic[0])
        let json = stub.json
        #expect(json["id"] == "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
        #expect(json["uuid"] == json["id"])
        #expect(json["request"]?["urlPathTemplate"] == "/restaurants/{id}/reviews")
        #expect(json["response"]?["headers"]?["Set-Cookie"] == ["a=1", "b=2"])
        #expect(json["response"]?["headers"]?["Content-Type"] == "application/json")
        #expect(json["priority"] == 3)
        #expect(json["metadata"] == nil)
    }

    @Test(arguments: ["", #""id":"","#, #""id":null,"#])
    func emptyOrNullIdsAreTreatedAsAbsent(_ idMember: String) throws {
        let stub = try StubMapping(jsonText: "{\(idMember)\"request\":{}}")
        #expect(stub.id.uuidString.count == 36)
    }

    @Test func uuidIsAnAliasOfId() throws {
        let stub = try StubMapping(jsonText: #"{"uuid":"8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"}"#)
        #expect(stub.id.uuidString.lowercased() == "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
    }

    @Test func unknownKeysAndSchemaAreTolerated() throws {
        let stub = try StubMapping(
            jsonText:
                #"{"$schema":"https://x","somethingNew":{"a":1},"request":{"futureField":1},"response":{"status":0}}"#)
        #expect(stub.response.status == 200)
        #expect(stub.request.method == .any)
        #expect(stub.effectivePriority == 5)
    }

    @Test(arguments: [
        (#"{"request":{"method":3}}"#, "/request/method"),
        (#"{"request":{"bodyPatterns":[{"equalTo":"a"},{"matches":"[x"}]}}"#, "/request/bodyPatterns/1/matches"),
        (#"{"request":{"headers":{"Accept":{"nope":"x"}}}}"#, "/request/headers/Accept"),
        (#"{"response":{"status":"abc"}}"#, "/response/status"),
        (#"{"response":{"fault":"EXPLODE"}}"#, "/response/fault"),
        (#"{"response":{"delayDistribution":{"type":"gamma"}}}"#, "/response/delayDistribution/type"),
        (#"{"priority":"LOW"}"#, "/priority"),
        (#"{"id":"not-a-uuid"}"#, "/id"),
        (#"{"request":[]}"#, "/request"),
        (
            #"{"request":{"queryParameters":{"a~b/c":{"equalTo":1,"x":{}},"q":{"hasExactly":"x"}}}}"#,
            "/request/queryParameters/q/hasExactly"
        )
    ])
    func errorsNameTheJSONPointer(_ text: String, _ pointer: String) throws {
        do {
            _ = try StubMapping(jsonText: text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.pointer == pointer, "\(error)")
            #expect(error.code == 10 || error.title.contains("UUID"))
        }
    }

    /// Any integer, as in WireMock: real folders use 0 to go before everything at 1.
    @Test func priorityZeroAndBelowAreAcceptedAndComeFirst() throws {
        let engine = StubEngine()
        try engine.store.add(StubMapping(jsonText: #"{"priority":1,"request":{"url":"/p"},"response":{"status":201}}"#))
        try engine.store.add(StubMapping(jsonText: #"{"priority":0,"request":{"url":"/p"},"response":{"status":200}}"#))
        try engine.store.add(
            StubMapping(jsonText: #"{"priority":"2","request":{"url":"/p"},"response":{"status":202}}"#))
        #expect(try StubMapping(jsonText: #"{"priority":-3}"#).effectivePriority == -3)
        #expect(engine.store.match(LoggedRequest(method: "GET", url: "/p"))?.response.status == 200)
    }

    /// Jackson reads a fraction into an integer field by cutting it toward zero (its default
    /// ACCEPT_FLOAT_AS_INT), so WireMock takes `"status": 201.9` as 201; only a number no integer
    /// holds is refused.
    @Test func aFractionInAnIntegerFieldIsCutTowardZero() throws {
        let stub = try StubMapping(
            jsonText: #"{"priority":-2.7,"response":{"status":201.9,"fixedDelayMilliseconds":1.5}}"#)
        #expect(stub.effectivePriority == -2)
        #expect(stub.response.status == 201)
        #expect(throws: MappingError.self) { try StubMapping(jsonText: #"{"response":{"status":1e30}}"#) }
    }

    /// What WireMock's admin description calls valid and WireMock keeps: an empty method name
    /// (which no request has) and a lognormal delay with negative numbers (no delay).
    @Test func whatWireMockKeepsIsKept() throws {
        let stub = try StubMapping(
            jsonText:
                #"{"request":{"method":""},"response":{"delayDistribution":{"type":"lognormal","median":-5,"sigma":-1}}}"#
        )
        #expect(!stub.request.method.matches("GET"))
        let engine = StubEngine()
        #expect(engine.delay(for: stub.response) == .zero)
    }

    /// No delay a stub can write stops the server: huge or non-finite ones are held to a year.
    @Test func aHugeDelayIsHeldToAYear() throws {
        let stub = try StubMapping(jsonText: #"{"response":{"fixedDelayMilliseconds":4611686018427387904}}"#)
        #expect(StubEngine().delay(for: stub.response) == .seconds(365 * 24 * 3600))
        let lognormal = try StubMapping(
            jsonText: #"{"response":{"delayDistribution":{"type":"lognormal","median":1e300,"sigma":1}}}"#)
        #expect(StubEngine().delay(for: lognormal.response) == .seconds(365 * 24 * 3600))
    }

    /// Java compiles an empty pattern (it matches the empty string); WireMock folders use it.
    @Test func anEmptyRegexIsValidAndMatchesOnlyTheEmptyString() throws {
        let pattern = try StringValuePattern(json: JSONParser.parse(#"{"matches":""}"#))
        #expect(pattern.matches(""))
        #expect(!pattern.matches("x"))
    }

    /// The reason in the user's own terms, without ICU's wrapping or Foundation's error shape.
    @Test(arguments: [
        ("(unclosed", "expected ')', at offset 0"),
        ("a)(b", "closing ')' does not balance any groups openings, at offset 1"),
        ("[a-", "at offset 0")
    ])
    func aBadRegexSaysWhyAndWhere(_ pattern: String, _ reason: String) throws {
        do {
            _ = try RegexPattern(pattern)
            Issue.record("expected \(pattern) to be refused")
        } catch {
            #expect(error.description == "Invalid regular expression '\(pattern)': \(error.reason)")
            #expect(error.reason.hasSuffix(reason), "\(error.reason)")
            #expect(!error.description.contains("NSCocoaErrorDomain"))
            #expect(!error.description.contains("\\A(?:"))
        }
    }

    @Test func errorBodyHasWireMockShape() {
        let error = MappingError(
            pointer: "/request/bodyPatterns/1", title: "Error parsing JSON", detail: "Unclosed character class")
        #expect(
            JSONWriter.string(MappingError.body([error]))
                == #"{"errors":[{"code":10,"source":{"pointer":"/request/bodyPatterns/1"},"title":"Error parsing JSON","detail":"Unclosed character class"}]}"#
        )
    }
}
