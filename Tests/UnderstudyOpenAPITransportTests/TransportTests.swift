import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import Understudy
import UnderstudyOpenAPITransport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The runtime transport into a host's engine: what a generated client sees, called directly.
@Suite struct TransportTests {
    /// Sends one call through the transport and reads the whole body.
    static func send(
        _ host: any StubHost, _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:],
        body: String? = nil, baseURL: URL? = nil
    ) async throws -> (HTTPResponse, String) {
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: headers)
        let (response, responseBody) = try await host.clientTransport.send(
            request, body: body.map { HTTPBody($0) }, baseURL: baseURL ?? host.baseURL, operationID: "test")
        guard let responseBody else { return (response, "") }
        return (response, try await String(collecting: responseBody, upTo: 1 << 20))
    }

    @Test(arguments: StubTransport.allCases)
    func aStubAnswersAndTheRequestIsJournalled(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.post("/notes").header("Content-Type", .contains("json")), .created(json: #"{"id":1}"#))
            let (response, body) = try await Self.send(
                host, .post, "/notes?draft=true", headers: [.contentType: "application/json"], body: #"{"n":1}"#)

            #expect(response.status.code == 201)
            #expect(response.headerFields[.contentType] == "application/json")
            #expect(body == #"{"id":1}"#)
            let request = try #require(host.receivedRequests.first)
            #expect(request.url == "/notes?draft=true")
            #expect(String(decoding: request.body, as: UTF8.self) == #"{"n":1}"#)
            try host.verify(.post("/notes").query("draft", .equalTo("true")), .exactly(1))
        }
    }

    @Test func theServerURLsPathComesFirst() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.get("/v1/timeline"), .ok(json: "[]"))
            let (response, _) = try await Self.send(
                stubs, .get, "/timeline", baseURL: stubs.baseURL.appendingPathComponent("v1"))
            #expect(response.status.code == 200)
        }
    }

    @Test func aMissIsA404WithTheNearMissDiff() async throws {
        try await withInProcessStubs(strict: false) { stubs in
            stubs.stub(.get("/timeline"), .ok())
            let (response, body) = try await Self.send(stubs, .get, "/timelin")
            #expect(response.status.code == 404)
            #expect(body.contains("Request was not matched"))
            #expect(stubs.unmatchedRequests.map(\.url) == ["/timelin"])
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aFaultIsThrownAsTheInProcessURLError(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/reset"), .fault(.connectionResetByPeer))
            let error = await #expect(throws: URLError.self) { try await Self.send(host, .get, "/reset") }
            #expect(error?.code == Fault.connectionResetByPeer.urlErrorCode)
            #expect(host.serveEvents.first?.response?.fault == .connectionResetByPeer)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aHeldAnswerWaitsForItsGate(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let held = host.stub(.get("/slow"), .ok(body: "at last").held())
            async let answer = Self.send(host, .get, "/slow")
            try await held.waitUntilHolding(1)
            #expect(host.serveEvents.first?.response == nil)  // journalled, not yet answered
            held.release()
            let (response, body) = try await answer
            #expect(response.status.code == 200)
            #expect(body == "at last")
            #expect(host.serveEvents.first?.response?.status == 200)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func anOfflineHostFailsTheCall(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            host.stub(.get("/x"), .ok())
            await host.goOffline()
            let error = await #expect(throws: URLError.self) { try await Self.send(host, .get, "/x") }
            #expect(error?.code == .notConnectedToInternet)
            #expect(host.receivedRequests.isEmpty)
        }
    }

    @Test func goingOfflineDropsAHeldCall() async throws {
        try await withInProcessStubs { stubs in
            let held = stubs.stub(.get("/held"), .ok().held())
            let answer = Task { try await Self.send(stubs, .get, "/held") }
            try await held.waitUntilHolding(1)
            await stubs.goOffline()
            let error = await #expect(throws: URLError.self) { try await answer.value }
            #expect(error?.code == .notConnectedToInternet)
            held.release()
        }
    }

    /// A stub's delay falls due when the test moves the host's manual clock.
    @Test(arguments: StubTransport.allCases)
    func aDelayFallsDueOnTheHostsClock(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let clock = ManualClock()
            host.clock = clock
            host.stub(.get("/slow"), .ok(body: "late").delay(.seconds(30)))
            let answer = Task { try await Self.send(host, .get, "/slow") }
            try await clock.waitUntilSleeping()
            clock.advance(by: .seconds(30))
            #expect(try await answer.value.1 == "late")
        }
    }

    @Test func aRedirectComesBackAsItIs() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.get("/old"), .status(302).header("Location", "/new"))
            let (response, _) = try await Self.send(stubs, .get, "/old")
            #expect(response.status.code == 302)
            #expect(response.headerFields[.location] == "/new")
        }
    }
}
