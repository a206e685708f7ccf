import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// `verify-recordings` underneath: recorded stubs replayed to a real server standing in for the
/// live service, whose answers have drifted from the recordings.
@Suite struct RecordingVerifierTests {
    /// The live service: its answers differ from the recordings below, and it wants credentials.
    static let live = [
        #"{"priority":1,"request":{"method":"GET","url":"/users/1","headers":{"Authorization":{"equalTo":"Bearer s3cret-credential"}}},"response":{"status":200,"headers":{"Content-Type":"application/json","Set-Cookie":"session=live-cookie-value"},"jsonBody":{"id":"1","name":"Ann","email":"ann@example.com","token":"live-token-value"}}}"#,
        #"{"priority":5,"request":{"method":"GET","url":"/users/1"},"response":{"status":401}}"#,
        #"{"request":{"method":"GET","url":"/orders?page=2"},"response":{"status":200,"headers":{"Content-Type":"application/json"},"jsonBody":[{"id":1,"total":"9.50","items":[]},{"id":2,"total":"1.00","items":[{"sku":"a"}]}]}}"#,
        #"{"request":{"method":"GET","url":"/health"},"response":{"status":503,"headers":{"Content-Type":"text/html"},"body":"<p>down</p>"}}"#,
        #"{"request":{"method":"POST","url":"/search","bodyPatterns":[{"equalToJson":{"q":"tea"}}]},"response":{"status":200,"headers":{"Content-Type":"application/json; charset=utf-8"},"jsonBody":{"hits":[{"title":"Green","score":0.5}],"next":null}}}"#
    ]

    /// What was recorded, as the recorder writes it (secrets already redacted).
    static let recorded = [
        (
            "users.json",
            #"{"request":{"method":"GET","url":"/users/1"},"response":{"status":200,"headers":{"Content-Type":"application/json","Set-Cookie":"[REDACTED]"},"jsonBody":{"id":1,"name":"Ann","age":30,"token":"[REDACTED]"}}}"#
        ),
        (
            "orders.json",
            #"{"request":{"method":"GET","urlPath":"/orders","queryParameters":{"page":{"equalTo":"2"}}},"response":{"status":200,"headers":{"Content-Type":"application/json"},"jsonBody":[{"id":1,"total":9.5}]}}"#
        ),
        (
            "health.json",
            #"{"request":{"method":"GET","url":"/health"},"response":{"status":200,"headers":{"Content-Type":"text/plain"},"body":"ok"}}"#
        ),
        (
            "search.json",
            #"{"request":{"method":"POST","url":"/search","bodyPatterns":[{"equalToJson":{"q":"tea"}}]},"response":{"status":200,"headers":{"Content-Type":"application/json"},"jsonBody":{"hits":[{"title":"Black","score":1}],"next":"abc"}}}"#
        ),
        (
            "pattern.json",
            #"{"request":{"method":"GET","urlPathPattern":"/files/.*"},"response":{"status":200}}"#
        )
    ]

    func outcomes(headers: HeaderFields) async throws -> [String: RecordingVerifier.Outcome] {
        let server = try await startServer(Self.live)
        let stubs = try Self.recorded.map { (try StubMapping(jsonText: $0.1), StubOrigin.file($0.0)) }
        let outcomes = try await withServers([server]) {
            await RecordingVerifier(redaction: .defaults(jsonFields: ["token"])).verify(
                stubs, files: nil, target: server.baseURL, headers: headers)
        }
        return Dictionary(uniqueKeysWithValues: outcomes.map { ($0.file, $0) })
    }

    @Test func eachStructuralDifferenceIsReportedAndNoValueIs() async throws {
        let outcomes = try await outcomes(headers: ["Authorization": "Bearer s3cret-credential"])
        #expect(outcomes["users.json"]?.request == "GET /users/1")
        #expect(
            outcomes["users.json"]?.differences == [
                "body /id: was number, now string", "body /age: field removed (was number)",
                "body /email: field added (string)"
            ])
        #expect(
            outcomes["orders.json"]?.differences == [
                "body /*/total: was number, now string", "body /*/items: field added (array)"
            ])
        #expect(
            outcomes["health.json"]?.differences == [
                "status: recorded 200, live 503", "content type: recorded text/plain, live text/html"
            ])
        // Other values, a null and a charset: the same shape.
        #expect(outcomes["search.json"]?.differences == [])
        #expect(outcomes["pattern.json"]?.skipped == "its URL is matched by a pattern, not one URL")
        let printed = outcomes.values.flatMap { $0.differences + $0.notes + [$0.request] }.joined(separator: "\n")
        for secret in ["s3cret-credential", "live-cookie-value", "live-token-value", "ann@example.com"] {
            #expect(!printed.contains(secret))
        }
    }

    @Test func theCredentialsGivenAreSentWithEachRequest() async throws {
        let outcomes = try await outcomes(headers: [:])
        #expect(outcomes["users.json"]?.differences.first == "status: recorded 200, live 401")
    }

    @Test func aServiceThatDoesNotAnswerIsADifference() async throws {
        let stubs = [(try StubMapping(jsonText: Self.recorded[2].1), StubOrigin.file("health.json"))]
        struct Refused: Error {}
        let outcomes = await RecordingVerifier().verify(stubs, files: nil) { _ in throw Refused() }
        #expect(outcomes.first?.differences.first?.hasPrefix("the service did not answer") == true)
    }

    @Test func aRecordedRequestIsReplayedAsItWasMatched() throws {
        let form = try StubMapping(
            jsonText:
                #"{"request":{"method":"POST","urlPath":"/login","queryParameters":{"next":{"equalTo":"/a b"}},"formParameters":{"user":{"equalTo":"ann"}},"headers":{"X-Client":{"equalTo":"ios"}}},"response":{"status":302}}"#
        )
        let request = try ReplayRequest(form.request)
        #expect(request.url == "/login?next=/a%20b")
        #expect(String(decoding: request.body, as: UTF8.self) == "user=ann")
        #expect(request.headers.first("Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.headers.first("X-Client") == "ios")
        let redacted = try StubMapping(
            jsonText:
                #"{"request":{"method":"PUT","url":"/me","bodyPatterns":[{"equalToJson":{"name":"Ann","password":"${json-unit.ignore}"}}]},"response":{"status":204}}"#
        )
        let replay = try ReplayRequest(redacted.request)
        #expect(replay.hasRedactedFields)
        #expect(replay.headers.first("Content-Type") == "application/json")
    }

    @Test func shapesCompareTypesFieldsAndArrayElements() {
        let recorded: JSONValue = ["a": 1, "b": ["x": true], "list": [["k": 1], ["k": 2, "extra": "e"]], "gone": nil]
        let live: JSONValue = ["a": 2, "b": ["x": "yes"], "list": [["k": 3, "extra": 4]], "gone": "now a string"]
        #expect(
            JSONShapeDifference.differences(recorded: recorded, live: live) == [
                "/b/x: was boolean, now string", "/list/*/extra: was string, now number"
            ])
        #expect(JSONShapeDifference.differences(recorded: [1, 2], live: ["x": 1]) == ["/: was array, now object"])
        #expect(JSONShapeDifference.differences(recorded: [], live: [["any": 1]]).isEmpty)
    }
}
