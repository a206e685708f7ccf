import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every behaviour the in-process transport supports, checked to give the same result over the
/// real server: the same test, two transports.
@Suite struct TransportParityTests {
    @Test(arguments: StubTransport.allCases)
    func servesStatusHeadersAndBody(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            let handle = host.stub(
                .get("/hello"), .status(203).header("X-Greeting", "hi").header("X-Greeting", "there").body("hello"))
            let reply = try await host.send("/hello")
            #expect(reply.status == 203)
            #expect(reply.header("X-Greeting") == "hi, there")
            #expect(reply.header("Matched-Stub-Id") == handle.ids.first?.uuidString.lowercased())
            #expect(reply.header("Content-Length") == "5")
            #expect(reply.text == "hello")
        }
    }

    @Test(arguments: StubTransport.allCases)
    func servesJSON(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/items"), .ok(json: #"[{"id":1}]"#))
            host.stub(.post("/items"), .created(json: #"{"id":2}"#))
            host.stub(.get("/value"), .ok(json: ["a": [1, true, nil]]))
            let list = try await host.send("/items")
            #expect(list.header("Content-Type") == "application/json")
            #expect(list.text == #"[{"id":1}]"#)
            let created = try await host.send("POST", "/items", body: Data("{}".utf8))
            #expect(created.status == 201)
            #expect(created.text == #"{"id":2}"#)
            #expect(try await host.send("/value").text == #"{"a":[1,true,null]}"#)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func matchesQueryHeadersCookiesAndAuth(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host throws in
            host.stub(
                .get("/reviews").query("page", .equalTo("2 a")).header("X-Token", .contains("abc")), .ok(body: "page 2")
            )
            host.stub(.get("/me").cookie("session", .equalTo("s1")).basicAuth("rita", "mysecret"), .ok(body: "rita"))
            host.stub(try .urlPathPattern("/things/[0-9]+", method: "DELETE"), .noContent())
            #expect(try await host.send("/reviews?page=2+a", headers: ["X-Token": "xabcx"]).text == "page 2")
            #expect(try await host.send("/reviews?page=3", headers: ["X-Token": "xabcx"]).status == 404)
            let auth = "Basic " + Data("rita:mysecret".utf8).base64EncodedString()
            #expect(try await host.send("/me", headers: ["Cookie": "session=s1", "Authorization": auth]).text == "rita")
            #expect(try await host.send("/me", headers: ["Cookie": "session=s2", "Authorization": auth]).status == 404)
            #expect(try await host.send("DELETE", "/things/42").status == 204)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func matchesBodies(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host throws in
            host.stub(try .post("/reviews").jsonBody(["title": "Whatever", "stars": 5]), .created())
            host.stub(try .post("/orders").jsonPath("$.items[?(@.sku == 'A1')]"), .accepted())
            host.stub(.put("/notes").body(.contains("remember")), .ok())
            host.stub(.post("/form").form("name", .equalTo("a b")), .ok(body: "form"))
            #expect(
                try await host.send("POST", "/reviews", body: Data(#"{"stars":5.0,"title":"Whatever"}"#.utf8)).status
                    == 201)
            #expect(
                try await host.send("POST", "/reviews", body: Data(#"{"stars":4,"title":"Whatever"}"#.utf8)).status
                    == 404)
            #expect(try await host.send("POST", "/orders", body: Data(#"{"items":[{"sku":"A1"}]}"#.utf8)).status == 202)
            #expect(try await host.send("PUT", "/notes", body: Data("please remember this".utf8)).status == 200)
            let form = try await host.send(
                "POST", "/form", body: Data("name=a+b".utf8),
                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(form.text == "form")
            // With no Content-Type, URLSession sends a body as a form; in-process logs it the same way.
            #expect(try await host.send("POST", "/form", body: Data("name=a%20b".utf8)).text == "form")
        }
    }

    @Test(arguments: StubTransport.allCases)
    func bodyFromAStreamIsSeenInFull(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.post("/stream").body(.contains("end-of-payload")), .ok(body: "got it"))
            let payload = Data((String(repeating: "x", count: 200_000) + "end-of-payload").utf8)
            var request = URLRequest(url: try host.url("/stream"))
            request.httpMethod = "POST"
            request.httpBodyStream = InputStream(data: payload)
            request.setValue(String(payload.count), forHTTPHeaderField: "Content-Length")
            let (data, _) = try await host.session.data(for: request)
            #expect(String(decoding: data, as: UTF8.self) == "got it")
            #expect(host.receivedRequests.first?.body == payload)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func unmatchedRequestGetsWireMocksDiff(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host throws in
            host.stub(.get("/timeline"), .ok())
            let reply = try await host.send("/timelime")
            #expect(reply.status == 404)
            #expect(reply.text.contains("Request was not matched"))
            #expect(reply.text.contains("/timelime"))
            #expect(host.unmatchedRequests.map(\.url) == ["/timelime"])
        }
    }

    @Test(arguments: StubTransport.allCases)
    func journalRecordsWhatWasSent(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.post("/statuses"), .created())
            _ = try await host.send(
                "POST", "/statuses?draft=true", body: Data("status=hi".utf8),
                headers: ["X-Client": "tests", "Content-Type": "text/plain"])
            let logged = try #require(host.requests(matching: .post("/statuses")).first)
            #expect(logged.method == "POST")
            #expect(logged.url == "/statuses?draft=true")
            #expect(logged.bodyText == "status=hi")
            #expect(logged.headers.first("X-Client") == "tests")
            #expect(logged.headers.first("Content-Type") == "text/plain")
            #expect(logged.headers.first("Content-Length") == "9")
            #expect(logged.headers.first("Host").map { $0.hasPrefix(host.baseURL.host ?? "-") } == true)
            #expect(host.unmatchedRequests.isEmpty)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func verifyCountsAndExplainsFailures(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.any("/reviews"), .created())
            _ = try await host.send("POST", "/reviews", body: Data(#"{"title":"Other"}"#.utf8))
            try host.verify(.post("/reviews"), .exactly(1))
            try host.verify(.post("/reviews"), .atLeast(1))
            try host.verify(.post("/reviews"), .atMost(1))
            try host.verify(.get("/reviews"), .never)
            let error = try #require(throws: VerificationError.self) {
                try host.verify(try .post("/reviews").jsonBody(["title": "Whatever"]), .exactly(1))
            }
            #expect(error.matchedCount == 0)
            #expect(error.description.contains("Expected exactly 1 request matching the pattern, but received 0."))
            #expect(error.description.contains("POST /reviews"))
            #expect(error.description.contains("Closest request to the expected pattern"))
            #expect(error.description.contains("does not match"))
        }
    }

    @Test(arguments: StubTransport.allCases)
    func waitsForRequestsThatArriveLater(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.post("/metrics"), .accepted().delay(.milliseconds(300)))
            let session = host.session
            let url = try host.url("/metrics")
            let client = Task {
                var request = URLRequest(url: url)
                request.httpMethod = "POST"
                return try await session.data(for: request)
            }
            // The request is journalled on arrival, before its delay, so the wait ends first.
            let seen = try await host.waitForRequests(matching: .post("/metrics"), count: 1, timeout: .seconds(10))
            #expect(seen.count == 1)
            let (_, response) = try await client.value
            #expect((response as? HTTPURLResponse)?.statusCode == 202)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func waitTimesOutWithTheSameReadableMessage(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/a"), .ok())
            _ = try await host.send("/a")
            let error = await #expect(throws: VerificationError.self) {
                try await host.waitForRequests(matching: .get("/b"), count: 1, timeout: .milliseconds(50))
            }
            #expect(error?.description.contains("Timed out") == true)
            #expect(error?.description.contains("GET /a") == true)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func sequencesAnswerInOrderThenRepeatTheLast(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/job"), sequence: [.accepted(), .accepted(), .ok(json: #"{"done":true}"#)])
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await host.send("/job").status) }
            #expect(statuses == [202, 202, 200, 200])
            host.reset()
            host.stub(.get("/job"), sequence: [.status(500), .ok()])
            #expect(try await host.send("/job").status == 500)
            #expect(try await host.send("/job").status == 200)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func handlesRemoveAndReplaceStubs(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host throws in
            let handle = host.stub(.get("/route"), .ok(body: "first"))
            #expect(try await host.send("/route").text == "first")
            handle.replace(with: .status(503))
            #expect(try await host.send("/route").status == 503)
            handle.remove()
            #expect(try await host.send("/route").status == 404)
            let sequence = host.stub(.get("/seq"), sequence: [.status(201), .status(202)])
            sequence.replace(with: .status(209))
            #expect(try await host.send("/seq").status == 209)
            #expect(try await host.send("/seq").status == 209)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func acceptsRawWireMockJSON(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            try host.stub(
                json:
                    #"{"request":{"method":"GET","urlPath":"/raw","queryParameters":{"q":{"matches":"[a-z]+"}}},"response":{"status":200,"body":"raw","headers":{"X-Raw":"yes"}}}"#
            )
            let reply = try await host.send("/raw?q=abc")
            #expect(reply.text == "raw")
            #expect(reply.header("X-Raw") == "yes")
            #expect(throws: MappingError.self) { try host.stub(json: #"{"request":{"method":"GET","urlPath":3}}"#) }
        }
    }

    @Test(arguments: StubTransport.allCases)
    func resetForgetsStubsJournalAndScenarios(_ transport: StubTransport) async throws {
        try await withStubs(transport, strict: false) { host throws in
            host.stub(.get("/a"), .ok())
            _ = try await host.send("/a")
            host.reset()
            #expect(host.receivedRequests.isEmpty)
            #expect(host.stubs.isEmpty)
            #expect(try await host.send("/a").status == 404)
        }
    }

    @Test(arguments: StubTransport.allCases.flatMap { transport in Fault.allCases.map { (transport, $0) } })
    func faultsEndInTheSameURLError(_ transport: StubTransport, _ fault: Fault) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/fault"), .fault(fault))
            let error = await host.failure("GET", "/fault")
            #expect(
                error?.code == fault.urlErrorCode, "\(transport): \(fault.rawValue) gave \(error?.code.rawValue ?? 0)")
            #expect(host.requests(matching: .get("/fault")).count == 1)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func delayedResponsesArriveAfterPromptOnes(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            // The delay is far longer than any stall of a loaded machine: the fast answer must come
            // while the slow one is still waiting, and the slow one is then cancelled, not awaited.
            host.stub(.get("/slow"), .ok(body: "slow").delay(.seconds(60)))
            host.stub(.get("/fast"), .ok(body: "fast"))
            let arrivals = Arrivals()
            let slow = Task {
                _ = try? await host.send("/slow")
                await arrivals.add("slow")
            }
            try await host.waitForRequests(matching: .get("/slow"), timeout: .seconds(10))
            #expect(try await host.send("/fast").text == "fast")
            await arrivals.add("fast")
            #expect(await arrivals.order == ["fast"])
            slow.cancel()
            await slow.value
            #expect(await arrivals.order == ["fast", "slow"])
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aDelayPastTheRequestTimeoutTimesOut(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            host.stub(.get("/late"), .ok().delay(.seconds(3)))
            let error = await host.failure("GET", "/late", timeout: 0.3)
            #expect(error?.code == .timedOut)
        }
    }

    @Test(arguments: StubTransport.allCases)
    func cancellingTheTaskCancelsTheRequest(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            // Held at a gate, not delayed: however slow the machine (ThreadSanitizer), the answer
            // cannot arrive before the cancellation does.
            let held = host.stub(.get("/held"), .ok().held())
            defer { held.release() }
            let session = host.session
            let url = try host.url("/held")
            let client = Task { try await session.data(from: url) }
            try await host.waitForRequests(matching: .get("/held"), timeout: .seconds(10))
            client.cancel()
            let result = await client.result
            #expect(throws: URLError.self) { try result.get() }
            if case .failure(let error as URLError) = result { #expect(error.code == .cancelled) }
        }
    }
}
