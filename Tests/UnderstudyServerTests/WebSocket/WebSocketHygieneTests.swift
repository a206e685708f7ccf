import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// A client that breaks RFC 6455 gets the close code the RFC names, and the server stays up.
@Suite struct WebSocketHygieneTests {
    /// Opens a channel on a server with a small message limit, sends `frames`, and returns the
    /// close code the server ended with; then checks the server still answers.
    func closeCode(after frames: [[UInt8]], maxMessage: Int = 1024) async throws -> Int? {
        var configuration = quietConfiguration
        configuration.maxWebSocketMessageBytes = maxMessage
        return try await withServer(
            [#"{"request":{"url":"/plain"},"response":{"status":200}}"#], configuration: configuration
        ) { server in
            let code = try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/ws")
                for bytes in frames { try await connection.send(bytes: bytes) }
                return await connection.readWebSocketFramesToEnd().last?.closeCode
            }
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /plain HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try await connection.readResponse()?.status == 200)
            }
            return code
        }
    }

    @Test func anUnmaskedClientFrameCloses1002() async throws {
        #expect(try await closeCode(after: [RawConnection.encode(.text("hi"), masked: false)]) == 1002)
    }

    @Test func aReservedBitWithoutAnExtensionCloses1002() async throws {
        #expect(try await closeCode(after: [RawConnection.encode(.text("hi"), rsv1: true)]) == 1002)
    }

    @Test func aContinuationWithNoMessageCloses1002() async throws {
        #expect(try await closeCode(after: [RawConnection.encode(TestFrame(opcode: 0x0, payload: [1]))]) == 1002)
    }

    @Test func aFragmentedPingCloses1002() async throws {
        #expect(
            try await closeCode(after: [RawConnection.encode(TestFrame(fin: false, opcode: 0x9, payload: []))]) == 1002)
    }

    @Test func invalidUTF8InATextMessageCloses1007() async throws {
        #expect(
            try await closeCode(after: [RawConnection.encode(TestFrame(opcode: 0x1, payload: [0xC3, 0x28]))]) == 1007)
    }

    @Test func aFrameOverTheLimitCloses1009() async throws {
        let big = RawConnection.encode(.binary([UInt8](repeating: 7, count: 2048)))
        #expect(try await closeCode(after: [big]) == 1009)
    }

    @Test func fragmentsAddingUpOverTheLimitClose1009() async throws {
        let part = [UInt8](repeating: 0x61, count: 600)
        let frames = [
            RawConnection.encode(TestFrame(fin: false, opcode: 0x1, payload: part)),
            RawConnection.encode(TestFrame(fin: true, opcode: 0x0, payload: part))
        ]
        #expect(try await closeCode(after: frames) == 1009)
    }
}
