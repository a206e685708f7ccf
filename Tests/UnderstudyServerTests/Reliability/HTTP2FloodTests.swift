import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// HTTP/2 clients that ask for too much over a real socket: more streams than advertised, streams
/// opened and reset at once (CVE-2023-44487), a reader that never opens its window. Each leaves
/// the server serving others.
@Suite(.timeLimit(.minutes(1))) struct HTTP2FloodTests {
    typealias Bytes = HTTP2FrameBytes

    /// A stub held at a gate, so every stream that asks for it stays open until the test says.
    static func heldStub(_ gateID: GateID) -> String {
        """
        {"request":{"method":"GET","url":"/held"},
         "response":{"status":200,"body":"held","transformerParameters":{"understudyHeldBy":"\(gateID)"}}}
        """
    }

    static func opening(streams: [UInt32], path: String) -> [UInt8] {
        Bytes.opening() + streams.flatMap { Bytes.headers(stream: $0, HPACKLiteral.request(path: path)) }
    }

    @Test func theAdvertisedHundredStreamsAreServedAtOnce() async throws {
        let gateID = GateID()
        try await HTTP2BadInput.serve([Self.heldStub(gateID)]) { server in
            let gate = server.engine.gates.adopt(gateID)
            let streams = (0..<100).map { UInt32(2 * $0 + 1) }
            let frames = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(bytes: Self.opening(streams: streams, path: "/held"))
                try await gate.waitUntilHolding(100)
                gate.release()
                return try await connection.readFrames { frames in
                    frames.goAway != nil || frames.filter(\.endsStream).count >= 100
                }
            }
            #expect(frames.first?.settings.contains { $0 == (Bytes.maxConcurrentStreams, 100) } == true)
            #expect(frames.goAway == nil)
            #expect(frames.filter(\.endsStream).map(\.stream).sorted() == streams)
        }
    }

    /// NIO treats a stream past the advertised limit as a connection error (RFC 9113 §5.4.1 lets
    /// an endpoint treat any stream error so), not as a refused stream: GOAWAY, and the
    /// connection closes with its open streams.
    @Test func aStreamPastTheLimitEndsTheConnection() async throws {
        let gateID = GateID()
        try await HTTP2BadInput.serve([Self.heldStub(gateID)]) { server in
            let gate = server.engine.gates.adopt(gateID)
            defer { gate.release() }
            let streams = (0..<101).map { UInt32(2 * $0 + 1) }
            let frames = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(bytes: Self.opening(streams: streams, path: "/held"))
                return await connection.readFramesToEnd()
            }
            #expect(frames.goAway?.errorCode == .protocolError)
            #expect(frames.allSatisfy { $0.kind != .headers }, "no stream was answered")
        }
    }

    @Test func rapidResetsEndTheConnection() async throws {
        try await HTTP2BadInput.serve { server in
            let request = HPACKLiteral.request(path: "/ok")
            let (frames, opened) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(bytes: Bytes.opening())
                var stream: UInt32 = 1
                // Up to 5,000 streams, 50 at a time, each opened and reset at once; a PING after
                // each batch, so the server has read all we sent when it gives up (a close with
                // unread bytes would be a TCP reset that can swallow its GOAWAY).
                for batch in 0..<100 {
                    var bytes: [UInt8] = []
                    for _ in 0..<50 {
                        bytes += Bytes.headers(stream: stream, request) + Bytes.rstStream(stream: stream)
                        stream += 2
                    }
                    try await connection.send(bytes: bytes)
                    if try await connection.sync(UInt8(batch)).goAway != nil { break }
                }
                return (await connection.readFramesToEnd(), stream / 2)
            }
            #expect(frames.goAway?.errorCode == .enhanceYourCalm)
            #expect(opened < 5000)
            #expect(server.engine.journal.events.count < opened)
        }
    }

    static let bigBodyBytes = 5_000_000
    static let big = """
        {"request":{"method":"GET","url":"/big"},
         "response":{"status":200,"body":"\(String(repeating: "x", count: bigBodyBytes))"}}
        """

    /// Flow control bounds what the server writes to a client that does not read: exactly its
    /// window, however large the body, and more only as the window opens.
    @Test func aSlowReaderGetsNoMoreThanItsWindow() async throws {
        try await HTTP2BadInput.serve([Self.big]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send(
                    bytes: Bytes.opening(settings: [(Bytes.initialWindowSize, 1024)])
                        + Bytes.headers(stream: 1, HPACKLiteral.request(path: "/big")))
                _ = try await connection.readFrames { $0.goAway != nil || $0.dataBytes(on: 1) >= 1024 }
                #expect(try await connection.sync(1).dataBytes(on: 1) == 1024)
                // Other connections are served meanwhile.
                try await HTTP2BadInput.expectStillServing(server)
                try await connection.send(bytes: Bytes.windowUpdate(stream: 1, increment: 4096))
                _ = try await connection.readFrames { $0.goAway != nil || $0.dataBytes(on: 1) >= 5120 }
                let frames = try await connection.sync(2)
                #expect(frames.dataBytes(on: 1) == 5120)
                #expect(frames.allSatisfy { !$0.endsStream })
                #expect(frames.goAway == nil)
            }
        }
    }
}
