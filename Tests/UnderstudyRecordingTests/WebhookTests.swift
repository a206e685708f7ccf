import Foundation
import SocketSupport
import Testing
import Understudy
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// Webhooks over real sockets: a stub on one server calls a second server (the receiver), whose
/// journal shows what arrived.
@Suite struct WebhookTests {
    private func servers() async throws -> (caller: StubServer, receiver: StubServer) {
        let caller = try await StubServer.start(configuration: quietConfiguration)
        let receiver = try await StubServer.start(configuration: quietConfiguration)
        caller.sendWebhooks(with: AsyncHTTPWebhookSender())
        receiver.stub(RequestPattern(), .ok())
        return (caller, receiver)
    }

    @Test func aTemplatedWebhookReachesTheReceiverAfterTheResponse() async throws {
        let (caller, receiver) = try await servers()
        defer {
            Task {
                try await caller.shutdown()
                try await receiver.shutdown()
            }
        }
        try caller.stub(
            json: #"""
                {"request": {"method": "POST", "urlPath": "/payments"},
                 "response": {"status": 202, "body": "accepted"},
                 "serveEventListeners": [{"name": "webhook", "parameters": {
                   "method": "POST", "url": "\#(receiver.baseURL.absoluteString)/callback/{{jsonPath originalRequest.body '$.id'}}",
                   "headers": {"Content-Type": "application/json", "X-Trace": "{{originalRequest.headers.X-Trace}}"},
                   "body": "{\"id\": \"{{jsonPath originalRequest.body '$.id'}}\", \"status\": {{originalResponse.status}}}"}}]}
                """#)

        let reply = try await fetch(
            "POST", caller.baseURL, "/payments", body: Data(#"{"id": "p-42"}"#.utf8), headers: ["X-Trace": "t-1"])
        #expect(reply.status == 202)
        #expect(reply.text == "accepted")

        // A generous bound: it returns as soon as the webhook lands (ThreadSanitizer runs are slow).
        let received = try await receiver.waitForRequests(matching: .post("/callback/p-42"), timeout: .seconds(30))
        #expect(received.first?.bodyText == #"{"id": "p-42", "status": 202}"#)
        #expect(received.first?.headers.first("X-Trace") == "t-1")
        #expect(received.first?.headers.first("Content-Type") == "application/json")

        let outcomes = try await caller.waitForWebhooks(count: 1)
        #expect(outcomes.first?.data["status"] == .int(200))
        let request = try #require(outcomes.first?.data["request"])
        #expect(request["url"] == .string("\(receiver.baseURL.absoluteString)/callback/p-42"))
        // The outcome is a sub-event of the serve event that caused it.
        let event = try #require(caller.serveEvents.first { $0.request.url == "/payments" })
        #expect(event.subEvents.map(\.type) == [SubEvent.Kind.webhook])
    }

    @Test(arguments: [
        // WireMock 2: a list of named actions.
        #"[{"name": "webhook", "parameters": {"method": "PUT", "url": "URL/legacy", "body": "{{originalRequest.url}}"}}]"#,
        // WireMock 2's older form: an object keyed by name.
        #"{"webhook": {"method": "PUT", "url": "URL/legacy", "body": "{{originalRequest.url}}"}}"#
    ])
    func wireMock2PostServeActionsAreSent(_ actions: String) async throws {
        let (caller, receiver) = try await servers()
        defer {
            Task {
                try await caller.shutdown()
                try await receiver.shutdown()
            }
        }
        let json = actions.replacingOccurrences(of: "URL", with: receiver.baseURL.absoluteString)
        try caller.stub(
            json: #"{"request": {"url": "/old?x=1"}, "response": {"status": 200}, "postServeActions": \#(json)}"#)

        _ = try await fetch(caller.baseURL, "/old?x=1")

        let received = try await receiver.waitForRequests(matching: .put("/legacy"), timeout: .seconds(30))
        #expect(received.first?.bodyText == "/old?x=1")
    }

    @Test func aDelayedWebhookArrivesAfterAnImmediateOne() async throws {
        let (caller, receiver) = try await servers()
        defer {
            Task {
                try await caller.shutdown()
                try await receiver.shutdown()
            }
        }
        let target = receiver.baseURL.absoluteString
        try caller.stub(
            StubMapping(request: .get("/twice"), response: .ok())
                // 5 s, not 0.3: on a loaded 2-core machine the first webhook (a cold client) once
                // took longer than 300 ms, and the order came out reversed.
                .webhook(.post("\(target)/late").delay(.seconds(5)))
                .webhook(.post("\(target)/early")))

        _ = try await fetch(caller.baseURL, "/twice")

        // The wait outlasts the delay by far: the default 5 s is the delay itself.
        let received = try await receiver.waitForRequests(
            matching: try .urlPattern("/(early|late)", method: "POST"), count: 2, timeout: .seconds(30))
        #expect(received.map(\.url) == ["/early", "/late"])
    }

    @Test func aRefusingTargetIsJournalledAsAnErrorAndTheResponseIsUnaffected() async throws {
        let caller = try await StubServer.start(configuration: quietConfiguration)
        defer { Task { try await caller.shutdown() } }
        caller.sendWebhooks(with: AsyncHTTPWebhookSender())
        let refused = try RefusedPort()
        try caller.stub(
            StubMapping(request: .get("/notify"), response: .ok(body: "done"))
                .webhook(.post("http://127.0.0.1:\(refused.port)/hook")))

        let reply = try await fetch(caller.baseURL, "/notify")
        #expect(reply.status == 200)
        #expect(reply.text == "done")

        let outcome = try #require(try await caller.waitForWebhooks(count: 1).first)
        #expect(outcome.data["status"] == nil)
        #expect(outcome.data["error"]?.stringValue?.isEmpty == false)
        withExtendedLifetime(refused) {}
    }

    @Test func aHangingTargetHitsTheTimeOutWithoutHoldingTheResponse() async throws {
        let (caller, receiver) = try await servers()
        defer {
            Task {
                try await caller.shutdown()
                try await receiver.shutdown()
            }
        }
        caller.sendWebhooks(with: AsyncHTTPWebhookSender(), timeout: .milliseconds(200))
        receiver.stub(.post("/slow"), .ok().delay(.seconds(30)), priority: 1)
        try caller.stub(
            StubMapping(request: .get("/hang"), response: .ok(body: "fast"))
                .webhook(.post("\(receiver.baseURL.absoluteString)/slow")))

        let reply = try await fetch(caller.baseURL, "/hang")
        #expect(reply.text == "fast")

        let outcome = try #require(try await caller.waitForWebhooks(count: 1, timeout: .seconds(10)).first)
        #expect(outcome.data["error"]?.stringValue?.contains("timed out") == true)
    }

    @Test func aStubWithAWebhookGoesThroughTheAdminAPIUnchanged() async throws {
        let caller = try await StubServer.start(configuration: quietConfiguration)
        defer { Task { try await caller.shutdown() } }
        let id = "5f0a1c3e-7a9b-4c1d-8e2f-0123456789ab"
        let stub: JSONValue = try JSONParser.parse(
            #"""
            {"id": "\#(id)", "request": {"method": "POST", "url": "/a"}, "response": {"status": 200},
             "serveEventListeners": [{"name": "webhook", "parameters": {"method": "POST", "url": "http://x/cb",
               "headers": {"A": ["1", "2"]}, "base64Body": "AAE=", "delay": {"type": "uniform", "lower": 1, "upper": 5}}},
               {"name": "other-extension", "parameters": {"k": [1, 2]}}],
             "postServeActions": {"webhook": {"url": "http://y/cb", "delay": {"type": "lognormal", "median": 9, "sigma": 0.1}}}}
            """#)

        let created = try await fetch(
            "POST", caller.baseURL, "/__admin/mappings", body: Data(JSONWriter.string(stub).utf8))
        #expect(created.status == 201)
        let fetched = try await fetch(caller.baseURL, "/__admin/mappings/\(id)")
        let back = try JSONParser.parse(fetched.text)

        for key in ["request", "response", "serveEventListeners", "postServeActions"] {
            #expect(back[key] == stub[key], "\(key)")
        }
    }
}
