import Foundation
import Testing
import Understudy

/// A templated stub answers the same over both transports: the engine renders, not the transport.
@Suite struct TemplatingTransportTests {
    @Test(arguments: StubTransport.allCases)
    func templatedResponsesEchoTheRequest(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(
                .post("/users/42"),
                .ok(
                    body:
                        #"{"id":"{{request.pathSegments.[1]}}","q":"{{request.query.q}}","name":"{{jsonPath request.body '$.name'}}"}"#
                )
                .header("X-Method", "{{request.method}}").templated())
            let reply = try await host.send("POST", "/users/42?q=hi", body: Data(#"{"name":"Ann"}"#.utf8))
            #expect(reply.text == #"{"id":"42","q":"hi","name":"Ann"}"#)
            #expect(reply.header("X-Method") == "POST")
        }
    }

    @Test(arguments: StubTransport.allCases)
    func withoutTheTransformerTheBodyIsLiteral(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/raw"), .ok(body: "{{request.method}}"))
            #expect(try await host.send("/raw").text == "{{request.method}}")
        }
    }
}
