import Foundation
import NIOCore
import RealWorldSupport
import Testing
import UnderstudyCore
import UnderstudyGRPC
import UnderstudyJSON

@testable import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// gRPC calls on the server's HTTP/2 port, with WireMock's gRPC extension's own descriptor sets
/// and the cases of its acceptance tests (GrpcAcceptanceTest, RequestHeadersAcceptanceTest),
/// then what Understudy adds: streams of replies, whole-stream matching, bidirectional calls.
@Suite(.enabled(if: RealWorldGRPC.isUsable, "needs ../shared/realworld/grpc"))
struct ServerGRPCTests {
    static let templated = """
        {"request":{"method":"POST","urlPath":"/com.example.grpc.GreetingService/greeting"},
         "response":{"status":200,"jsonBody":{"greeting":"Hello {{jsonPath request.body '$.name'}}"},
                     "transformers":["response-template"]}}
        """

    func serve<T>(_ stubs: [String], _ body: (StubHTTPServer, HTTP2TestClient) async throws -> T) async throws -> T {
        try await withServer(stubs, configuration: GRPCTestCalls.configuration) { server in
            try await HTTP2TestClient.with(port: server.port) { try await body(server, $0) }
        }
    }

    static func stub(_ path: String, body: String? = nil, response: String) -> String {
        let patterns = body.map { #","bodyPatterns":[{"equalToJson":\#($0)}]"# } ?? ""
        return #"{"request":{"method":"POST","urlPath":"\#(path)"\#(patterns)},"response":\#(response)}"#
    }

    @Test func aTemplatedJSONAnswerReadsTheRequestMessage() async throws {
        try await serve([Self.templated]) { server, client in
            let result = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#])
            #expect(result.status == 0)
            #expect(result.replies == [try JSONParser.parse(#"{"greeting":"Hello Tom"}"#)])
            // The journal holds the call as WireMock's extension presents it.
            let logged = try #require(server.engine.journal.events.first?.request)
            #expect(logged.method == "POST")
            #expect(logged.url == GRPCTestCalls.greeting)
            #expect(logged.bodyText == "{\n  \"name\": \"Tom\"\n}")
            #expect(logged.protocolVersion == "HTTP/2.0")
        }
    }

    @Test func aRequestMessageMatcherAndTheExactMissText() async throws {
        let stub = Self.stub(
            GRPCTestCalls.greeting, body: #"{"name":"Tom"}"#,
            response: #"{"status":200,"body":"{\"greeting\":\"OK\"}","headers":{"grpc-status-name":"OK"}}"#)
        try await serve([stub]) { _, client in
            let hit = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#])
            #expect(hit.replies.first?["greeting"] == .string("OK"))
            let miss = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"Wrong"}"#])
            #expect(miss.described == "UNIMPLEMENTED: No matching stub mapping found for gRPC request")
            #expect(miss.replies.isEmpty)
            // What nearly matched rides beside WireMock's text, for people.
            #expect(miss.trailers.first(name: "understudy-closest-stub") != nil)
        }
    }

    @Test(arguments: [
        (400, "INTERNAL: Bad Request"),
        (401, "UNAUTHENTICATED: You are not authorized to access this resource"),
        (403, "PERMISSION_DENIED: You are not authorized to access this resource"),
        (404, "UNIMPLEMENTED: No matching stub mapping found for gRPC request"),
        (429, "UNAVAILABLE: Too many requests"),
        (502, "UNAVAILABLE: Bad Gateway"),
        (503, "UNAVAILABLE: Service Unavailable"),
        (504, "UNAVAILABLE: Gateway Timeout")
    ])
    func anHTTPStatusBecomesWireMocksGRPCStatus(http: Int, expected: String) async throws {
        let unary = Self.stub(GRPCTestCalls.greeting, response: #"{"status":\#(http)}"#)
        let streaming = Self.stub(GRPCTestCalls.many, response: #"{"status":\#(http)}"#)
        try await serve([unary, streaming]) { _, client in
            let result = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#])
            #expect(result.described == expected)
            let names = [#"{"name":"Tom"}"#, #"{"name":"Jerf"}"#, #"{"name":"Rob"}"#]
            #expect(try await GRPCTestCalls.call(client, GRPCTestCalls.many, names).described == expected)
        }
    }

    @Test func aStatusNameAndReason() async throws {
        let stub = Self.stub(
            GRPCTestCalls.greeting,
            response: """
                {"status":200,"headers":{"grpc-status-name":"FAILED_PRECONDITION",
                 "grpc-status-reason":"Failed some blah prerequisite"}}
                """)
        try await serve([stub]) { _, client in
            let result = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#])
            #expect(result.described == "FAILED_PRECONDITION: Failed some blah prerequisite")
        }
    }

    @Test func aClientStreamIsAnsweredByItsFirstMessageThatGetsAnOKReply() async throws {
        let rob = Self.stub(
            GRPCTestCalls.many, body: #"{"name":"Rob"}"#, response: #"{"jsonBody":{"greeting":"Hi Rob"}}"#)
        let jerf = Self.stub(
            GRPCTestCalls.many, body: #"{"name":"Jerf"}"#,
            response:
                #"{"headers":{"grpc-status-name":"INVALID_ARGUMENT","grpc-status-reason":"Jerf is not a valid name"}}"#)
        try await serve([rob, jerf]) { server, client in
            let names = ["Tom", "Uri", "Rob", "Mark"].map { #"{"name":"\#($0)"}"# }
            let answered = try await GRPCTestCalls.call(client, GRPCTestCalls.many, names)
            #expect(answered.status == 0)
            #expect(answered.replies.first?["greeting"] == .string("Hi Rob"))
            // One journal entry per message until the answer; Mark was never looked at.
            #expect(server.engine.journal.events.count == 3)
            let failed = try await GRPCTestCalls.call(
                client, GRPCTestCalls.many, ["Tom", "Jerf", "Rob2"].map { #"{"name":"\#($0)"}"# })
            #expect(failed.described == "INVALID_ARGUMENT: Jerf is not a valid name")
            let none = try await GRPCTestCalls.call(client, GRPCTestCalls.many, [#"{"name":"Jeff"}"#])
            #expect(none.described == "UNIMPLEMENTED: No matching stub mapping found for gRPC request")
        }
    }

    @Test func aStubCanMatchAClientStreamAsAWhole() async throws {
        // Ours: the body of a client stream is the array of its messages.
        let whole = #"""
            {"request":{"method":"POST","urlPath":"/com.example.grpc.GreetingService/manyGreetingsOneReply",
              "bodyPatterns":[{"matchesJsonPath":"$[?(@.name == 'Uri')]"},{"matchesJsonPath":"$[2]"}]},
             "response":{"jsonBody":{"greeting":"three of you, Uri among them"}}}
            """#
        try await serve([whole]) { server, client in
            let result = try await GRPCTestCalls.call(
                client, GRPCTestCalls.many, ["Tom", "Uri", "Rob"].map { #"{"name":"\#($0)"}"# })
            #expect(result.replies.first?["greeting"] == .string("three of you, Uri among them"))
            #expect(server.engine.journal.events.count == 1)
        }
    }

    @Test func aServerStreamSendsBodyChunksAsMessagesThenTheStatus() async throws {
        let single = Self.stub(
            GRPCTestCalls.replies, body: #"{"name":"Tom"}"#, response: #"{"jsonBody":{"greeting":"Hi Tom"}}"#)
        let stream = Self.stub(
            GRPCTestCalls.replies, body: #"{"name":"Ann"}"#,
            response: """
                {"bodyChunks":[{"json":{"greeting":"one"}},{"json":{"greeting":"two"},"delayMilliseconds":20},
                               {"text":"{\\"greeting\\":\\"three\\"}"}],
                 "headers":{"grpc-status-name":"ABORTED","grpc-status-reason":"after three","x-trace":"t-1"}}
                """)
        try await serve([single, stream]) { server, client in
            let one = try await GRPCTestCalls.call(client, GRPCTestCalls.replies, [#"{"name":"Tom"}"#])
            #expect(one.replies.map { $0["greeting"] } == [.string("Hi Tom")])
            let three = try await GRPCTestCalls.call(client, GRPCTestCalls.replies, [#"{"name":"Ann"}"#])
            #expect(three.replies.map { $0["greeting"] } == [.string("one"), .string("two"), .string("three")])
            #expect(three.described == "ABORTED: after three")
            let event = try #require(server.engine.journal.events.last)
            let status = try #require(event.subEvents.first { $0.type == SubEvent.Kind.grpcStatus })
            #expect(status.data["messagesSent"] == .int(3))
            // Every reply message is in the journal, in JSON form, in order.
            let sent = event.subEvents.filter { $0.type == SubEvent.Kind.grpcMessage }
            #expect(sent.map { $0.data["message"]?["greeting"] } == [.string("one"), .string("two"), .string("three")])
        }
    }

    @Test func importedAndAnyTypes() async throws {
        let empty = Self.stub("/com.example.grpc.GreetingService/oneGreetingEmptyReply", response: #"{"body":"{\n}"}"#)
        let anyRequest = Self.stub(
            "/com.example.grpc.GreetingService/greetingAnyRequest", response: #"{"jsonBody":{"greeting":"Hiya"}}"#)
        let anyResponse = Self.stub(
            "/com.example.grpc.GreetingService/greetingAnyResponse",
            response:
                #"{"jsonBody":{"@type":"type.googleapis.com/com.example.grpc.response.HelloResponse","greeting":"Hiya"}}"#
        )
        try await serve([empty, anyRequest, anyResponse]) { server, client in
            let nothing = try await GRPCTestCalls.call(
                client, "/com.example.grpc.GreetingService/oneGreetingEmptyReply", [#"{"name":"Tom"}"#])
            #expect(nothing.status == 0)
            #expect(nothing.replies == [.object(JSONObject())])
            let any = try await GRPCTestCalls.call(
                client, "/com.example.grpc.GreetingService/greetingAnyRequest",
                [#"{"@type":"https://com.example.grpc.request.HelloRequest"}"#])
            #expect(any.replies.first?["greeting"] == .string("Hiya"))
            #expect(server.engine.journal.events.last?.request.bodyText.contains("\"@type\"") == true)
            let packed = try await GRPCTestCalls.call(
                client, "/com.example.grpc.GreetingService/greetingAnyResponse", [#"{"name":"Tom"}"#])
            #expect(
                packed.replies.first?["@type"] == .string("type.googleapis.com/com.example.grpc.response.HelloResponse")
            )
        }
    }

    @Test func metadataIsMatchedAndTemplatedBinaryAsJavaPrintsIt() async throws {
        let text = #"""
            {"request":{"method":"POST","urlPath":"/com.example.grpc.GreetingService/greeting",
              "headers":{"x-my-Header":{"equalTo":"match me"}}},
             "response":{"jsonBody":{"greeting":"The header value was: {{request.headers.x-my-Header}}"},
              "transformers":["response-template"]}}
            """#
        let binary = #"""
            {"request":{"method":"POST","urlPath":"/com.example.grpc.GreetingService/greeting",
              "headers":{"x-my-header-bin":{"equalTo":"[98, 105, 110, -1]"}}},
             "response":{"jsonBody":{"greeting":"binary"}}}
            """#
        try await serve([text, binary]) { _, client in
            let result = try await GRPCTestCalls.call(
                client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#], metadata: [("x-my-header", "match me")])
            #expect(result.replies.first?["greeting"] == .string("The header value was: match me"))
            let bytes = Data([98, 105, 110, 255]).base64EncodedString()
            let bin = try await GRPCTestCalls.call(
                client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#], metadata: [("x-my-header-bin", bytes)])
            #expect(bin.replies.first?["greeting"] == .string("binary"))
        }
    }

    @Test func aFaultAndABadReplyAreUnknownAndADelayStillAnswers() async throws {
        let fault = Self.stub(
            GRPCTestCalls.greeting, body: #"{"name":"fault"}"#, response: #"{"fault":"CONNECTION_RESET_BY_PEER"}"#)
        let misspelt = Self.stub(
            GRPCTestCalls.greeting, body: #"{"name":"typo"}"#, response: #"{"jsonBody":{"greting":"hi"}}"#)
        let delayed = Self.stub(
            GRPCTestCalls.greeting, body: #"{"name":"late"}"#,
            response:
                #"{"jsonBody":{"greeting":"Delayed hello"},"delayDistribution":{"type":"fixed","milliseconds":50}}"#)
        try await serve([fault, misspelt, delayed]) { _, client in
            let faulted = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"fault"}"#])
            #expect(faulted.statusName == "UNKNOWN")
            let typo = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"typo"}"#])
            #expect(typo.statusName == "UNKNOWN")
            #expect(typo.message?.contains("greting") == true)
            let late = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"late"}"#])
            #expect(late.replies.first?["greeting"] == .string("Delayed hello"))
        }
    }

    @Test func anUnknownMethodIsUnimplementedAndAStreamErrorLeavesTheConnection() async throws {
        try await serve([Self.templated]) { server, client in
            let exchange = try await client.send(
                "POST", "/com.example.grpc.NoSuchService/nothing", headers: [("content-type", "application/grpc")],
                bytes: ByteBuffer(bytes: GRPCMessageFramer.frame([])))
            #expect(exchange.headers?.first(name: "grpc-status") == "12")
            #expect(
                exchange.headers?.first(name: "grpc-message")?.removingPercentEncoding?.hasPrefix(
                    "Method not found: com.example.grpc.NoSuchService/nothing") == true)
            // Journalled as a miss, so it is on the dashboard and among the unmatched requests, and
            // a misspelt method is answered with the stub it nearly hit.
            #expect(
                server.engine.journal.events.contains {
                    $0.request.url == "/com.example.grpc.NoSuchService/nothing" && !$0.wasMatched
                })
            let typo = try await client.send(
                "POST", "/com.example.grpc.GreetingService/greting", headers: [("content-type", "application/grpc")],
                bytes: ByteBuffer(bytes: GRPCMessageFramer.frame([])))
            #expect(typo.headers?.first(name: "grpc-status") == "12")
            #expect(typo.headers?.first(name: "understudy-closest-stub") != nil)
            // Half a message, then the end: INTERNAL for that call only.
            let broken = try await client.send(
                "POST", GRPCTestCalls.greeting, headers: [("content-type", "application/grpc")],
                bytes: ByteBuffer(bytes: [0, 0, 0, 0, 9, 1]))
            #expect(broken.headers?.first(name: "grpc-status") == "13")
            let after = try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#])
            #expect(after.status == 0)
        }
    }

    /// Bad input gets the status a real gRPC server gives, for that call only.
    @Test func badInputEndsOnlyThatCall() async throws {
        try await serve([Self.templated]) { _, client in
            func status(_ bytes: [UInt8], _ headers: [(String, String)] = []) async throws -> (String?, String?) {
                let exchange = try await client.send(
                    "POST", GRPCTestCalls.greeting, headers: [("content-type", "application/grpc")] + headers,
                    bytes: ByteBuffer(bytes: bytes))
                let block = exchange.trailers ?? exchange.headers
                return (block?.first(name: "grpc-status"), block?.first(name: "grpc-message")?.removingPercentEncoding)
            }
            // A length prefix past 4 MiB: refused before any of it is buffered.
            let huge = try await status([0, 0x7f, 0xff, 0xff, 0xff, 1, 2, 3])
            #expect(huge.0 == "8")
            #expect(huge.1?.hasPrefix("gRPC message exceeds maximum size 4194304") == true)
            // The compressed flag without an encoding.
            let compressed = try await status([1, 0, 0, 0, 1, 0])
            #expect(compressed.0 == "13")
            #expect(compressed.1 == "Compressed-Flag bit is set, but no grpc-encoding header")
            // An encoding this server does not take.
            let gzip = try await status(GRPCMessageFramer.frame([]), [("grpc-encoding", "gzip")])
            #expect(gzip.0 == "12")
            // Bytes that are not a HelloRequest: field 1 is a string whose length runs past the end.
            let invalid = try await status(GRPCMessageFramer.frame([0x0a, 0x09, 0x41]))
            #expect(invalid.0 == "13")
            #expect(invalid.1?.hasPrefix("Invalid protobuf byte sequence") == true)
            // The connection is still serving.
            #expect(try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#]).status == 0)
        }
    }

    @Test func resetReadsTheDescriptorFolderAgain() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("grpc-reset-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("grpc")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var configuration = quietConfiguration
        configuration.grpcDescriptors = folder
        let booking = #"""
            {"request":{"method":"POST","urlPath":"/com.example.grpc.BookingService/booking"},
             "response":{"jsonBody":{"id":"{{jsonPath request.body '$.id'}}"},"transformers":["response-template"]}}
            """#
        let engine = StubEngine()
        for stub in [Self.templated, booking] { try engine.store.add(StubMapping(jsonText: stub)) }
        let server = try await StubHTTPServer.start(engine: engine, mappings: nil, configuration: configuration)
        defer { Task { try? await server.stop() } }
        let reset = {
            var request = URLRequest(url: server.baseURL.appendingPathComponent("__admin/ext/grpc/reset"))
            request.httpMethod = "POST"
            let (body, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(body.isEmpty)
        }
        let greetings = try GRPCDescriptorFolder.load(GRPCTestCalls.descriptors)
        try await HTTP2TestClient.with(port: server.port) { client in
            let before = try await GRPCTestCalls.call(
                client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#], schema: greetings)
            #expect(before.statusName == "UNIMPLEMENTED")
            try FileManager.default.copyItem(
                at: GRPCTestCalls.descriptors.appendingPathComponent("greetings.dsc"),
                to: folder.appendingPathComponent("services.dsc"))
            try await reset()
            let after = try await GRPCTestCalls.call(
                client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#], schema: greetings)
            #expect(after.replies.first?["greeting"] == .string("Hello Tom"))
            let bookingPath = "/com.example.grpc.BookingService/booking"
            #expect(
                try await GRPCTestCalls.call(client, bookingPath, [#"{"id":"b-1"}"#], schema: greetings).statusName
                    == "UNIMPLEMENTED")
            try FileManager.default.removeItem(at: folder.appendingPathComponent("services.dsc"))
            try FileManager.default.copyItem(
                at: GRPCTestCalls.descriptors.appendingPathComponent("bookings.dsc"),
                to: folder.appendingPathComponent("services.dsc"))
            try await reset()
            let bookings = try GRPCDescriptorFolder.load(folder)
            let booked = try await GRPCTestCalls.call(client, bookingPath, [#"{"id":"b-1"}"#], schema: bookings)
            #expect(booked.replies.first?["id"] == .string("b-1"))
            #expect(
                try await GRPCTestCalls.call(client, GRPCTestCalls.greeting, [#"{"name":"Tom"}"#], schema: greetings)
                    .statusName == "UNIMPLEMENTED")
        }
        try await server.stop()
    }
}
