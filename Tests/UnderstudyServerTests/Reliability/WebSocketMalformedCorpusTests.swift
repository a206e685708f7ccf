import Foundation
import NIOCore
import Testing
import UnderstudyCore
import UnderstudyServer

/// Generated bad WebSocket frames over real sockets, and a client that never reads: every
/// channel ends with the close code RFC 6455 names (or, for random bytes, at least ends), and
/// the server keeps answering plain requests and opening new channels.
///
/// `UNDERSTUDY_WS_CORPUS_SIZE` raises the count (default 600).
@Suite struct WebSocketMalformedCorpusTests {
    static let maxMessageBytes = 4096
    static var size: Int { MalformedInputCorpusTests.environmentInt("UNDERSTUDY_WS_CORPUS_SIZE") ?? 600 }
    static let seed: UInt64 = 20_261_124

    @Test func everyBadFrameEndsTheChannelAndTheServerKeepsServing() async throws {
        var configuration = quietConfiguration
        configuration.maxWebSocketMessageBytes = Self.maxMessageBytes
        let echo =
            #"{"trigger":{"type":"message","message":{"body":{"equalTo":"still here?"}}},"actions":[{"type":"send","message":{"body":{"data":"yes"}}}]}"#
        try await withServer(
            [#"{"request":{"url":"/ok"},"response":{"status":200,"body":"fine"}}"#], configuration: configuration
        ) { server in
            server.engine.messages.stubs.add(try MessageStubMapping(jsonText: echo))
            let generator = BadFrameGenerator(seed: Self.seed, maxMessageBytes: Self.maxMessageBytes)
            var problems: [String] = []
            for batchStart in stride(from: 0, to: Self.size, by: 50) {
                let indices = Array(batchStart..<min(batchStart + 50, Self.size))
                problems += try await withThrowingTaskGroup(of: String?.self) { group in
                    for index in indices {
                        group.addTask {
                            try await Self.problem(generator.frames(index), index: index, port: server.port)
                        }
                    }
                    return try await group.reduce(into: []) { if let problem = $1 { $0.append(problem) } }
                }
                #expect(try await Self.stillServes(port: server.port), "after the batch from #\(batchStart)")
                if problems.count > 20 { break }
            }
            #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
            await waitUntil { server.engine.messages.channels.all.isEmpty }
            #expect(server.engine.messages.channels.all.isEmpty, "channels left open after their connections ended")
        }
    }

    /// Sends the frames (then, for shapes a server may wait on, half-closes) and checks how the
    /// channel ended; a channel still open after 20 s is a problem too.
    static func problem(_ bad: BadFrames, index: Int, port: Int) async throws -> String? {
        enum Ending: Sendable {
            case frames([TestFrame])
            case noUpgrade
            case timedOut
        }
        let ending = try await withThrowingTaskGroup(of: Ending.self) { group in
            group.addTask {
                try await RawConnection.with(port: port) { connection in
                    guard try await connection.openWebSocket("/corpus").hasPrefix("HTTP/1.1 101") else {
                        return .noUpgrade
                    }
                    try await connection.send(bytes: bad.bytes)
                    if bad.codes.isEmpty { connection.finishSending() }
                    return .frames(await connection.readWebSocketFramesToEnd())
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(20))
                return .timedOut
            }
            defer { group.cancelAll() }
            return try await group.next() ?? .timedOut
        }
        switch ending {
        case .noUpgrade: return "#\(index) \(bad.shape): no 101 (seed \(seed))"
        case .timedOut: return "#\(index) \(bad.shape): still open after 20 s (seed \(seed))"
        case .frames(let frames):
            let code = frames.last?.closeCode
            guard bad.codes.isEmpty || bad.codes.contains(code ?? 0) else {
                return
                    "#\(index) \(bad.shape): closed with \(code.map(String.init) ?? "no close frame"), expected \(bad.codes.sorted()) (seed \(seed))"
            }
            return nil
        }
    }

    static func stillServes(port: Int) async throws -> Bool {
        let http = try await RawConnection.with(port: port) { connection in
            try await connection.send("GET /ok HTTP/1.1\r\nHost: a\r\n\r\n")
            return try await connection.readResponse()?.bodyText == "fine"
        }
        let channel = try await RawConnection.with(port: port) { connection in
            _ = try await connection.openWebSocket("/after")
            try await connection.send(.text("still here?"))
            return try await connection.readWebSocketFrame() == .text("yes")
        }
        return http && channel
    }

    /// A client that sends and never reads: each message makes the server send 256 KiB back.
    /// The server must stop reading once its writes back up, not read every message and queue
    /// every answer; once the client reads, everything is answered.
    @Test func aSlowReaderMakesTheServerStopReading() async throws {
        let heavy = String(repeating: "x", count: 256 * 1024)
        let stub =
            #"{"trigger":{"type":"message"},"actions":[{"type":"send","message":{"body":{"data":"\#(heavy)"}}}]}"#
        try await withServer(configuration: quietConfiguration) { server in
            server.engine.messages.stubs.add(try MessageStubMapping(jsonText: stub))
            let journal = server.engine.messages.journal
            let total = 400
            try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/slow")
                let frame = RawConnection.encode(.text("more"))
                let writer = connection.outbound
                let sender = Task {
                    for _ in 0..<total { try await writer.write(ByteBuffer(bytes: frame)) }
                }
                // Wait until the received count settles: the server has stopped reading.
                var last = -1
                var received = journal.count(matching: MessagePattern(body: .equalTo("more")))
                while received != last {
                    last = received
                    try await Task.sleep(for: .milliseconds(500))
                    received = journal.count(matching: MessagePattern(body: .equalTo("more")))
                }
                #expect(received < total, "the server read every message while its answers piled up")
                // Now read: every message is answered in the end.
                var answers = 0
                while answers < total, let frame = try await connection.readWebSocketFrame() {
                    if frame.opcode == 0x1 { answers += 1 }
                }
                try await sender.value
                #expect(answers == total)
            }
        }
    }

    @Test func theGeneratorIsDeterministicAndCoversEveryShape() {
        let generator = BadFrameGenerator(seed: 7, maxMessageBytes: 1024)
        let again = BadFrameGenerator(seed: 7, maxMessageBytes: 1024)
        let frames = (0..<100).map(generator.frames)
        #expect(frames.map(\.bytes) == (0..<100).map { again.frames($0).bytes })
        #expect(Set(frames.map(\.shape)) == Set(BadFrames.Shape.allCases))
    }
}
