import Foundation
import NIOCore
import NIOHTTP2
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin
@testable import UnderstudyServer

/// HTTP/2 on the same port as HTTP/1.1, by prior knowledge: the same stubs, journal, admin API,
/// delays and faults, one stream at a time or many at once.
@Suite struct ServerHTTP2Tests {
    static let hello = """
        {"request":{"method":"GET","url":"/hello"},
         "response":{"status":201,"body":"hi there","headers":{"Content-Type":"text/plain","X-Many":["a","b"]}}}
        """
    static let slow =
        #"{"request":{"url":"/slow"},"response":{"status":200,"body":"late","fixedDelayMilliseconds":400}}"#
    static let kill = #"{"request":{"method":"KILL","url":"/hello"},"response":{"status":200,"body":"killed"}}"#
    static let echo = """
        {"request":{"method":"POST","url":"/echo"},
         "response":{"status":200,"body":"{{request.body}} back","transformers":["response-template"]}}
        """

    @Test func servesAStubAndJournalsTheProtocol() async throws {
        try await withServer([Self.hello]) { server in
            let exchange = try await HTTP2TestClient.with(port: server.port) { try await $0.send("GET", "/hello") }
            #expect(exchange.status == 201)
            #expect(exchange.bodyText == "hi there")
            #expect(exchange.headers?[canonicalForm: "x-many"] == ["a", "b"])
            #expect(exchange.headers?.first(name: "content-type") == "text/plain")
            #expect(exchange.reset == nil)
            let logged = try #require(server.engine.journal.events.first?.request)
            #expect(logged.protocolVersion == "HTTP/2.0")
            #expect(logged.url == "/hello")
            #expect(logged.method == "GET")
        }
    }

    @Test(.timeLimit(.minutes(1))) func aClientThatClosesItsSideEndsTheConnection() async throws {
        // With an idle time-out of an hour, only the client's FIN can end it in time.
        var configuration = StubServerConfiguration()
        configuration.idleTimeout = .seconds(3600)
        try await withServer([Self.hello], configuration: configuration) { server in
            let ended = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(
                    bytes: Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + [0, 0, 0, 4, 0, 0, 0, 0, 0])
                connection.finishSending()
                return await connection.readToEnd()
            }
            // The server's SETTINGS (and perhaps a GOAWAY), then the end: the connection was not kept half-open.
            #expect(ended.error == nil)
            #expect(ended.bytes.count >= 9)
        }
    }

    @Test func anyMethodTokenAndBodiesReachTheStubs() async throws {
        try await withServer([Self.kill, Self.echo]) { server in
            let (killed, echoed) = try await HTTP2TestClient.with(port: server.port) { client in
                (try await client.send("KILL", "/hello"), try await client.send("POST", "/echo", body: "ping"))
            }
            #expect(killed.bodyText == "killed")
            #expect(echoed.bodyText == "ping back")
        }
    }

    @Test func manyStreamsAtOnceAreAllAnswered() async throws {
        try await withServer([Self.hello]) { server in
            let statuses = try await HTTP2TestClient.with(port: server.port) { client in
                try await withThrowingTaskGroup(of: Int?.self) { group in
                    for _ in 0..<50 { group.addTask { try await client.send("GET", "/hello").status } }
                    return try await group.reduce(into: [Int?]()) { $0.append($1) }
                }
            }
            #expect(statuses == Array(repeating: 201, count: 50))
            #expect(server.engine.journal.events.count == 50)
        }
    }

    @Test func aHeldStreamDoesNotHoldUpTheOthers() async throws {
        let id = GateID()
        let held = """
            {"request":{"url":"/held"},
             "response":{"status":200,"body":"late","transformerParameters":{"understudyHeldBy":"\(id)"}}}
            """
        try await withServer([Self.hello, held]) { server in
            let gate = server.engine.gates.adopt(id)
            let (other, late) = try await HTTP2TestClient.with(port: server.port) { client in
                async let late = client.send("GET", "/held")
                try await gate.waitUntilHolding(1)
                let other = try await client.send("GET", "/hello")
                #expect(gate.waiting == 1)  // answered on the same connection while /held waits
                gate.release()
                return (other, try await late)
            }
            #expect(other.bodyText == "hi there")
            #expect(late.bodyText == "late")
        }
    }

    @Test func theAdminAPIAnswersOverHTTP2() async throws {
        let engine = StubEngine()
        try engine.store.add(StubMapping(jsonText: Self.hello))
        let server = try await StubHTTPServer.start(
            engine: engine, admin: WireMockAdminAPI(engine: engine), configuration: quietConfiguration)
        let exchange = try await HTTP2TestClient.with(port: server.port) {
            try await $0.send("GET", "/__admin/mappings")
        }
        try await server.stop()
        #expect(exchange.status == 200)
        #expect(exchange.bodyText.contains("\"/hello\""))
    }

    /// What each of WireMock's faults becomes over HTTP/2 (the table in the README).
    @Test(arguments: [
        ("CONNECTION_RESET_BY_PEER", HTTP2ErrorCode.internalError, false),
        ("EMPTY_RESPONSE", HTTP2ErrorCode.noError, false),
        ("MALFORMED_RESPONSE_CHUNK", HTTP2ErrorCode.protocolError, true)
    ])
    func aStreamFaultResetsOnlyItsStream(fault: String, code: HTTP2ErrorCode, sendsHeaders: Bool) async throws {
        let broken = #"{"request":{"url":"/broken"},"response":{"fault":"\#(fault)"}}"#
        try await withServer([Self.hello, broken]) { server in
            let (faulted, after) = try await HTTP2TestClient.with(port: server.port) { client in
                (try await client.send("GET", "/broken"), try await client.send("GET", "/hello"))
            }
            #expect(faulted.reset == code)
            #expect((faulted.status == 200) == sendsHeaders)
            #expect(after.status == 201)  // the same connection goes on
        }
    }

    @Test func randomDataBreaksTheWholeConnection() async throws {
        let broken = #"{"request":{"url":"/broken"},"response":{"fault":"RANDOM_DATA_THEN_CLOSE"}}"#
        try await withServer([broken]) { server in
            let closed = try await HTTP2TestClient.with(port: server.port) { client in
                _ = try? await client.send("GET", "/broken")
                try await client.channel.closeFuture.get()
                return true
            }
            #expect(closed)
        }
    }

    /// RFC 9113 §8.1.1: a malformed request is a stream error. The stream is reset; the
    /// connection and its other streams go on.
    @Test func aMalformedRequestResetsOnlyItsStream() async throws {
        try await withServer([Self.hello]) { server in
            try await HTTP2TestClient.with(port: server.port, validatingHeaders: false) { client in
                let malformed = try await client.send("GET", "/hello", headers: [("Upper-Case", "x")])
                #expect(malformed.reset == .protocolError)
                #expect(malformed.status == nil)
                let good = try await client.send("GET", "/hello")
                #expect(good.status == 201)
                #expect(client.channel.isActive)
            }
            #expect(server.engine.journal.events.count == 1)
        }
    }

    @Test func offlineResetsEachStreamAndJournalsNothing() async throws {
        try await withServer([Self.hello]) { server in
            await server.goOffline()
            let exchange = try await HTTP2TestClient.with(port: server.port) { try await $0.send("GET", "/hello") }
            #expect(exchange.reset != nil)
            #expect(exchange.status == nil)
            #expect(server.engine.journal.events.isEmpty)
        }
    }

    /// With a grace period far longer than the time limit, only GOAWAY and a close once the
    /// stream in flight has finished can end this test in time.
    @Test(.timeLimit(.minutes(1))) func stoppingSendsGoAwayAndClosesOnceStreamsFinish() async throws {
        let engine = StubEngine()
        try engine.store.add(StubMapping(jsonText: Self.slow))
        var configuration = quietConfiguration
        configuration.shutdownGracePeriod = .seconds(600)
        let server = try await StubHTTPServer.start(engine: engine, configuration: configuration)
        let body = try await HTTP2TestClient.with(port: server.port) { client in
            async let answer = client.send("GET", "/slow")
            await engine.journal.waitForRequest(url: "/slow")
            try await server.stop()
            let exchange = try await answer
            try await client.channel.closeFuture.get()
            return exchange.bodyText
        }
        #expect(body == "late")  // the stream in flight finished first
    }
}

extension ServerHTTP2Tests {
    @Test func aClientLeavingMidStreamLeavesTheServerServing() async throws {
        try await withServer([Self.hello, Self.slow]) { server in
            try await HTTP2TestClient.with(port: server.port) { client in
                let pending = Task { try? await client.send("GET", "/slow") }
                await server.engine.journal.waitForRequest(url: "/slow")
                try await client.channel.close().get()
                _ = await pending.value
            }
            let exchange = try await HTTP2TestClient.with(port: server.port) { try await $0.send("GET", "/hello") }
            #expect(exchange.status == 201)
        }
    }
}
