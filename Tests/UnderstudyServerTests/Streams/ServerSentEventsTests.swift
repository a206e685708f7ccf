import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// Server-sent events over real HTTP/1.1 sockets: framing, order, `Last-Event-ID`, faults
/// mid-stream, streams kept open, and a server stopping under an open stream.
@Suite(.timeLimit(.minutes(1))) struct ServerSentEventsTests {
    static let feed = stub(
        "/feed",
        #"{"serverSentEvents":{"events":[{"id":"1","event":"delta","data":"Hel"},{"event":"delta","data":{"text":"lo"},"delayMilliseconds":20},{"comment":"keep-alive"},{"retry":2000,"data":"line one\nline two","delayMilliseconds":20}]}}"#
    )
    static let plain = stub("/plain", #"{"status":200,"body":"plain"}"#)

    @Test func eventsAreFramedThenTheStreamEnds() async throws {
        try await withServer([Self.feed, Self.plain]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /feed HTTP/1.1\r\nHost: a\r\nAccept: text/event-stream\r\n\r\n")
                let response = try #require(try await connection.readResponse())
                #expect(response.status == 200)
                #expect(response.header("Content-Type") == "text/event-stream")
                #expect(response.header("Cache-Control") == "no-cache")
                #expect(response.wasChunked)
                #expect(
                    response.bodyText
                        == "id: 1\nevent: delta\ndata: Hel\n\n" + "event: delta\n" + #"data: {"text":"lo"}"# + "\n\n"
                        + ": keep-alive\n" + "retry: 2000\ndata: line one\ndata: line two\n\n")
                // Each event is a chunk of its own, in order, whatever the client's reads made of them.
                #expect(response.chunkCount == 4)
                // The connection is good for another request once the stream has ended.
                try await connection.send("GET /plain HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try await connection.readResponse()?.bodyText == "plain")
            }
            let event = try #require(await server.engine.journal.completedEvent(url: "/feed"))
            let sent = event.subEvents.filter { $0.type == "SERVER_SENT_EVENT" }
            #expect(sent.map { $0.data["index"] } == [0, 1, 2, 3])
            #expect(sent.first?.data["id"] == "1")
            #expect(sent.allSatisfy { $0.data["sentAt"] != nil })
        }
    }

    @Test func anEventIsSentBeforeTheNextIsDue() async throws {
        let slow = stub(
            "/slow", #"{"serverSentEvents":{"events":[{"data":"first"},{"data":"second","delayMilliseconds":600000}]}}"#
        )
        try await withServer([slow]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n")
                // Ten minutes before the second event: the first must come on its own.
                #expect(try await connection.readUntil("data: first\n\n"))
                #expect(!connection.pendingText.contains("second"))
            }
            let event = try #require(await server.engine.journal.completedEvent(url: "/slow"))
            #expect(event.subEvents.map(\.type) == ["SERVER_SENT_EVENT", "CLIENT_LEFT_MID_STREAM"])
        }
    }

    @Test func lastEventIDResumesAfterThatEvent() async throws {
        let numbered = stub(
            "/numbered",
            #"{"serverSentEvents":{"events":[{"id":"1","data":"a"},{"id":"2","data":"b"},{"data":"c"},{"id":"3","data":"d"}]}}"#
        )
        try await withServer([numbered]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /numbered HTTP/1.1\r\nHost: a\r\nLast-Event-ID: 2\r\n\r\n")
                #expect(try await connection.readResponse()?.bodyText == "data: c\n\nid: 3\ndata: d\n\n")
            }
        }
    }

    @Test(arguments: Fault.allCases)
    func aFaultBreaksTheStreamWhereItStands(_ fault: Fault) async throws {
        let broken = stub(
            "/broken",
            #"{"serverSentEvents":{"events":[{"data":"a"},{"data":"b","delayMilliseconds":10},{"fault":"\#(fault.rawValue)","delayMilliseconds":10},{"data":"never"}]}}"#
        )
        try await withServer([broken]) { server in
            let (bytes, _) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /broken HTTP/1.1\r\nHost: a\r\n\r\n")
                return await connection.readToEnd()
            }
            let text = String(decoding: bytes, as: UTF8.self)
            // A reset may make the client's kernel drop bytes it had not read yet: only the other
            // faults promise the events before them arrive.
            if fault != .connectionResetByPeer {
                #expect(text.hasPrefix("HTTP/1.1 200"))
                #expect(text.contains("data: a\n\n"))
                #expect(text.contains("data: b\n\n"))
            }
            #expect(!text.contains("never"))
            // The body never ends properly: no last chunk.
            #expect(!text.hasSuffix("0\r\n\r\n"))
            if fault == .malformedResponseChunk || fault == .randomDataThenClose {
                #expect(text.hasSuffix(StubConnectionHandler.garbage))
            }
            let event = try #require(await server.engine.journal.completedEvent(url: "/broken"))
            #expect(event.subEvents.count == 2)
        }
    }

    @Test func keepOpenSendsHeartbeatsUntilTheClientLeaves() async throws {
        let open = stub(
            "/open", #"{"serverSentEvents":{"events":[{"data":"hello"}],"keepOpen":true,"heartbeatMilliseconds":10}}"#)
        try await withServer([open, Self.plain]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /open HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try await connection.readUntil("data: hello\n\n"))
                #expect(try await connection.readUntil(": heartbeat\n", times: 3))
            }
            let event = try #require(await server.engine.journal.completedEvent(url: "/open"))
            #expect(event.subEvents.last?.type == "CLIENT_LEFT_MID_STREAM")
            // The server serves on.
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /plain HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try await connection.readResponse()?.bodyText == "plain")
            }
        }
    }

    @Test func stoppingTheServerEndsAnOpenStream() async throws {
        let engine = StubEngine()
        try engine.store.add(
            StubMapping(jsonText: stub("/open", #"{"serverSentEvents":{"events":[{"data":"hello"}],"keepOpen":true}}"#))
        )
        var configuration = quietConfiguration
        // Far past the test's time limit: the stream must end without waiting for the grace period.
        configuration.shutdownGracePeriod = .seconds(600)
        let server = try await StubHTTPServer.start(engine: engine, configuration: configuration)
        let text = try await RawConnection.with(port: server.port) { connection in
            try await connection.send("GET /open HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try await connection.readUntil("data: hello\n\n"))
            async let stopped: Void = server.stop()
            let (bytes, _) = await connection.readToEnd()
            try await stopped
            return String(decoding: bytes, as: UTF8.self)
        }
        // Ended cleanly: the last chunk, then the connection closed.
        #expect(text.hasSuffix("0\r\n\r\n"))
        #expect(!server.isRunning)
    }

    @Test func templatedEventsRenderAgainstTheRequest() async throws {
        let templated = stub(
            "/hello",
            #"{"transformers":["response-template"],"serverSentEvents":{"events":[{"data":"hi {{request.query.name}}"},{"data":{"name":"{{request.query.name}}"}}]}}"#
        )
        try await withServer([templated]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /hello?name=rita HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(
                    try await connection.readResponse()?.bodyText
                        == "data: hi rita\n\n" + #"data: {"name":"rita"}"# + "\n\n")
            }
        }
    }

    @Test func aHEADRequestGetsTheHeadOnly() async throws {
        try await withServer([Self.feed.replacingOccurrences(of: #""GET""#, with: #""ANY""#)]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("HEAD /feed HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try #require(try await connection.readResponse(toHEAD: true))
                #expect(response.header("Content-Type") == "text/event-stream")
            }
        }
    }
}
