import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// WebSocket channels over real sockets: the handshake, message stubs answering, and the
/// protocol hygiene RFC 6455 asks of a server.
@Suite struct WebSocketServerTests {
    static let echo =
        #"{"trigger":{"type":"message","channel":{"type":"websocket","initiatingRequestPattern":{"urlPath":"/echo"}},"message":{"body":{"equalTo":"hello"}}},"actions":[{"type":"send","message":{"body":{"data":"hello back"}},"channelTarget":{"type":"originating"}}]}"#

    func withMessageServer<T>(
        _ stubs: [String] = [echo], configuration: StubServerConfiguration = quietConfiguration,
        _ body: (StubHTTPServer) async throws -> T
    ) async throws -> T {
        try await withServer(
            [#"{"request":{"method":"GET","url":"/plain"},"response":{"status":200,"body":"plain"}}"#],
            configuration: configuration
        ) { server in
            for stub in stubs { server.engine.messages.stubs.add(try MessageStubMapping(jsonText: stub)) }
            return try await body(server)
        }
    }

    @Test func theHandshakeIsAnsweredWithTheAcceptKeyOfRFC6455() async throws {
        try await withMessageServer { server in
            try await RawConnection.with(port: server.port) { connection in
                let head = try await connection.openWebSocket("/echo")
                #expect(head.hasPrefix("HTTP/1.1 101"))
                // The worked example of RFC 6455 §1.3.
                #expect(head.lowercased().contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="))
            }
        }
    }

    @Test func theFirstSubprotocolOfferedIsChosen() async throws {
        try await withMessageServer { server in
            try await RawConnection.with(port: server.port) { connection in
                let head = try await connection.openWebSocket(
                    "/graphql", extraHeaders: "Sec-WebSocket-Protocol: graphql-transport-ws, graphql-ws\r\n")
                #expect(head.hasPrefix("HTTP/1.1 101"))
                #expect(head.lowercased().contains("sec-websocket-protocol: graphql-transport-ws\r\n"))
            }
            try await RawConnection.with(port: server.port) { connection in
                let head = try await connection.openWebSocket("/echo")
                #expect(!head.lowercased().contains("sec-websocket-protocol"))
            }
        }
    }

    @Test func aMatchingMessageIsAnsweredAndBothAreJournalled() async throws {
        try await withMessageServer { server in
            try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/echo")
                try await connection.send(.text("hello"))
                #expect(try await connection.readWebSocketFrame() == .text("hello back"))
            }
            let events = server.engine.messages.journal.events
            #expect(events.map(\.direction) == [.received, .sent])
            #expect(events.first?.channelRequest.url == "/echo")
        }
    }

    @Test func pingsAreAnsweredWithTheirPayload() async throws {
        try await withMessageServer { server in
            try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/echo")
                try await connection.send(TestFrame(opcode: 0x9, payload: [1, 2, 3]))
                #expect(try await connection.readWebSocketFrame() == TestFrame(opcode: 0xA, payload: [1, 2, 3]))
            }
        }
    }

    @Test func aFragmentedMessageIsReassembledBeforeMatching() async throws {
        try await withMessageServer { server in
            try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/echo")
                try await connection.send(TestFrame(fin: false, opcode: 0x1, payload: Array("hel".utf8)))
                // A ping may come between the fragments of a message (RFC 6455 §5.4).
                try await connection.send(TestFrame(opcode: 0x9, payload: []))
                try await connection.send(TestFrame(fin: true, opcode: 0x0, payload: Array("lo".utf8)))
                #expect(try await connection.readWebSocketFrame()?.opcode == 0xA)
                #expect(try await connection.readWebSocketFrame() == .text("hello back"))
            }
        }
    }

    @Test func aClientCloseIsEchoedAndTheChannelForgotten() async throws {
        try await withMessageServer { server in
            try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/echo")
                // The 101 can reach the client before the server's upgrade has registered the
                // channel (slow under ThreadSanitizer); frames sent meanwhile are buffered.
                await waitUntil { server.engine.messages.channels.all.count == 1 }
                #expect(server.engine.messages.channels.all.count == 1)
                try await connection.send(TestFrame(opcode: 0x8, payload: [0x03, 0xE8]))
                let frames = await connection.readWebSocketFramesToEnd()
                #expect(frames.last?.closeCode == 1000)
            }
            await waitUntil { server.engine.messages.channels.all.isEmpty }
            #expect(server.engine.messages.channels.all.isEmpty)
        }
    }

    @Test func aChannelOpenStubGreetsThenClosesWithItsCode() async throws {
        let greet =
            #"{"trigger":{"type":"channel-open"},"actions":[{"type":"send","message":{"body":{"data":"welcome"}}},{"type":"close","code":4002,"reason":"that is all","delayMilliseconds":20}]}"#
        try await withMessageServer([greet]) { server in
            try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/anything")
                let frames = await connection.readWebSocketFramesToEnd()
                #expect(frames.first == .text("welcome"))
                #expect(frames.last?.closeCode == 4002)
                #expect(frames.last.map { String(decoding: $0.payload.dropFirst(2), as: UTF8.self) } == "that is all")
            }
        }
    }

    @Test func binaryMessagesGoBothWays() async throws {
        let binary =
            #"{"trigger":{"type":"message","message":{"body":{"binaryEqualTo":"AQID"}}},"actions":[{"type":"send","message":{"body":{"data":"/w==","isBinary":true}}}]}"#
        try await withMessageServer([binary]) { server in
            try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/bin")
                try await connection.send(.binary([1, 2, 3]))
                #expect(try await connection.readWebSocketFrame() == .binary([255]))
            }
        }
    }

    @Test func anHTTPRequestTriggerPushesToOpenChannels() async throws {
        let broadcast =
            #"{"trigger":{"type":"http-request","requestPattern":{"method":"GET","url":"/plain"}},"actions":[{"type":"send","message":{"body":{"data":"someone asked"}},"channelTarget":{"type":"request-initiated","requestPattern":{"urlPathPattern":"/feed/.*"}}}]}"#
        try await withMessageServer([broadcast]) { server in
            try await RawConnection.with(port: server.port) { listener in
                _ = try await listener.openWebSocket("/feed/1")
                try await RawConnection.with(port: server.port) { http in
                    try await http.send("GET /plain HTTP/1.1\r\nHost: x\r\n\r\n")
                    #expect(try await http.readResponse()?.status == 200)
                }
                #expect(try await listener.readWebSocketFrame() == .text("someone asked"))
            }
        }
    }

    @Test func plainRequestsAndDeclinedUpgradesAreStillAnswered() async throws {
        try await withMessageServer { server in
            try await RawConnection.with(port: server.port) { connection in
                // No key: not a WebSocket handshake, so an ordinary request.
                try await connection.send(
                    "GET /plain HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
                #expect(try await connection.readResponse()?.status == 200)
                try await connection.send("GET /plain HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try await connection.readResponse()?.status == 200)
            }
        }
    }
}

/// Polls `condition` until it holds, for up to ten seconds.
func waitUntil(_ condition: () -> Bool) async {
    for _ in 0..<1000 where !condition() {
        try? await Task.sleep(for: .milliseconds(10))
    }
}
