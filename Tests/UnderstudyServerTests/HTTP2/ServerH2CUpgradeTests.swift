import NIOCore
import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// The `h2c` upgrade as the JDK's HttpClient and `curl --http2` ask for it (RFC 7540 §3.2): a
/// `101`, then HTTP/2 on the same connection, with the upgrading request answered on stream 1.
@Suite struct ServerH2CUpgradeTests {
    static let stub = #"{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":"A"}}"#
    static let upgrade =
        "GET /a HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\n"
        + "HTTP2-Settings: AAEAAEAAAAIAAAAAAAMAAAAAAAQBAAAAAAUAAEAAAAYABgAA\r\nUpgrade: h2c\r\n\r\n"

    @Test func theUpgradingRequestIsAnsweredOnStreamOne() async throws {
        try await withServer([Self.stub]) { server in
            let frames = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(Self.upgrade)
                let switching = try await connection.readResponse(toHEAD: true)
                #expect(switching?.status == 101)
                #expect(switching?.values("Upgrade") == ["h2c"])
                // The client's preface and an empty SETTINGS frame.
                try await connection.send(bytes: CleartextNegotiator.preface + [0, 0, 0, 4, 0, 0, 0, 0, 0])
                return try await Self.readFrames(from: connection) { frames in
                    frames.contains { $0.type == 0 && $0.stream == 1 && $0.flags & 1 == 1 }
                }
            }
            #expect(frames.first?.type == 4)  // the server's SETTINGS comes first
            #expect(frames.contains { $0.type == 1 && $0.stream == 1 })  // HEADERS on stream 1
            let body = frames.filter { $0.type == 0 && $0.stream == 1 }.flatMap(\.payload)
            #expect(String(decoding: body, as: UTF8.self) == "A")
            let logged = try #require(server.engine.journal.events.first?.request)
            // Served on stream 1, so journalled as HTTP/2, without HTTP/1.1's connection headers.
            #expect(logged.protocolVersion == "HTTP/2.0")
            #expect(logged.headers.first("Upgrade") == nil)
            #expect(logged.headers.first("Host") == "x")
        }
    }

    @Test func aClientThatSendsNoPrefaceAfterTheUpgradeIsClosed() async throws {
        try await withServer([Self.stub]) { server in
            let ended = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(Self.upgrade)
                _ = try await connection.readResponse(toHEAD: true)
                try await connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
                return await connection.readToEnd()
            }
            #expect(ended.bytes.count < 200)  // SETTINGS and a GOAWAY at most, no HTTP/1.1 answer
            // And the server goes on serving.
            let next = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
                return try await connection.readResponse()
            }
            #expect(next?.bodyText == "A")
        }
    }

    struct Frame {
        var type: UInt8
        var flags: UInt8
        var stream: UInt32
        var payload: [UInt8]
    }

    /// Frames as they arrive, until `done` says enough or the connection ends.
    static func readFrames(from connection: RawConnection, until done: ([Frame]) -> Bool) async throws -> [Frame] {
        var frames: [Frame] = []
        var offset = 0
        while true {
            frames += parseFrames(connection.pending, from: &offset)
            if done(frames) { return frames }
            guard try await connection.readMore() else { return frames }
        }
    }

    /// The whole frames in `bytes` from `offset` on; `offset` moves past them.
    static func parseFrames(_ bytes: [UInt8], from offset: inout Int) -> [Frame] {
        var frames: [Frame] = []
        while bytes.count - offset >= 9 {
            let length = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            guard bytes.count - offset >= 9 + length else { break }
            let stream = bytes[offset + 5..<offset + 9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
            frames.append(
                Frame(
                    type: bytes[offset + 3], flags: bytes[offset + 4], stream: stream,
                    payload: Array(bytes[offset + 9..<offset + 9 + length])))
            offset += 9 + length
        }
        return frames
    }
}
