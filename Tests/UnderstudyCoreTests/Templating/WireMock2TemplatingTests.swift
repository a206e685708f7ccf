import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// Templates as WireMock 2.x renders them, which real stubs written for it rely on.
@Suite struct WireMock2TemplatingTests {
    let request = LoggedRequest(
        method: "PUT", url: "/api/users/42?pretty=true&tag=a", scheme: "http", host: "example.test", port: 8080)

    /// WireMock 2's `request.requestLine` model (its docs' "Request model" table).
    @Test(arguments: [
        ("{{request.requestLine.path}}", "/api/users/42"),
        ("{{request.requestLine.pathSegments.[2]}}", "42"),
        ("{{request.requestLine.query.pretty}}", "true"),
        ("{{request.requestLine.method}}", "PUT"),
        ("{{request.requestLine.scheme}}", "http"),
        ("{{request.requestLine.host}}", "example.test"),
        ("{{request.requestLine.port}}", "8080"),
        ("{{request.requestLine.baseUrl}}", "http://example.test:8080"),
        ("{{{request.requestLine.url}}}", "/api/users/42?pretty=true&tag=a")
    ])
    func requestLine(_ template: String, _ expected: String) throws {
        #expect(try render(template, request) == expected)
    }

    /// A jsonBody is one template in WireMock 2: a variable assigned in one field is read in another.
    @Test func anAssignInOneJsonBodyFieldIsSeenInTheNext() throws {
        let engine = StubEngine()
        try engine.store.add(
            StubMapping(
                jsonText: """
                    {"request":{"urlPath":"/users/42"},
                     "response":{"status":200,"transformers":["response-template"],
                       "jsonBody":{"set":"{{#assign 'id'}}{{request.path.[1]}}{{/assign}}","id":"{{id}}","n":1}}}
                    """))
        let decision = try #require(
            engine.decide(LoggedRequest(method: "GET", url: "/users/42"), capabilities: .inline).run())
        #expect(String(decoding: decision.body, as: UTF8.self) == #"{"set":"","id":"42","n":1}"#)
    }

    @Test func otherJsonBodiesStillRenderEachValueSoQuotesStayValid() throws {
        let engine = StubEngine()
        try engine.store.add(
            StubMapping(
                jsonText: """
                    {"request":{"urlPath":"/echo"},
                     "response":{"status":200,"transformers":["response-template"],"jsonBody":{"said":"{{{request.body}}}"}}}
                    """))
        let decision = try #require(
            engine.decide(
                LoggedRequest(method: "POST", url: "/echo", body: Data(#"say "hi""#.utf8)), capabilities: .inline
            ).run())
        #expect(String(decoding: decision.body, as: UTF8.self) == #"{"said":"say \"hi\""}"#)
    }
}
