import Foundation

/// A WebSocket frame as a test reads or writes it.
struct TestFrame: Equatable, Sendable {
    var fin = true
    var opcode: UInt8
    var payload: [UInt8]

    static func text(_ text: String) -> TestFrame { TestFrame(opcode: 0x1, payload: Array(text.utf8)) }
    static func binary(_ bytes: [UInt8]) -> TestFrame { TestFrame(opcode: 0x2, payload: bytes) }
    var text: String { String(decoding: payload, as: UTF8.self) }
    /// The close code of a close frame.
    var closeCode: Int? {
        guard opcode == 0x8, payload.count >= 2 else { return nil }
        return Int(payload[0]) << 8 | Int(payload[1])
    }
}

/// A small WebSocket client over ``RawConnection``: the opening handshake, then frames written
/// byte by byte, so a test can also send what no well-behaved client would.
extension RawConnection {
    /// Sends the opening handshake for `path` and reads the answer's head; returns its status line and headers.
    func openWebSocket(
        _ path: String, key: String = "dGhlIHNhbXBsZSBub25jZQ==", extraHeaders: String = ""
    ) async throws -> String {
        try await send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\(extraHeaders)\r\n")
        guard try await readUntil("\r\n\r\n") else { return "" }
        let end = pendingText.range(of: "\r\n\r\n")!
        let headLength = pendingText.utf8.distance(from: pendingText.startIndex, to: end.upperBound)
        return String(decoding: take(headLength), as: UTF8.self)
    }

    /// Writes one frame, masked unless asked otherwise (a client must mask).
    func send(_ frame: TestFrame, masked: Bool = true, rsv1: Bool = false) async throws {
        try await send(bytes: Self.encode(frame, masked: masked, rsv1: rsv1))
    }

    static func encode(_ frame: TestFrame, masked: Bool = true, rsv1: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = [(frame.fin ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | frame.opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        let count = frame.payload.count
        if count < 126 {
            bytes.append(maskBit | UInt8(count))
        } else if count <= 0xFFFF {
            bytes.append(maskBit | 126)
            bytes += [UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((count >> shift) & 0xFF)) }
        }
        guard masked else { return bytes + frame.payload }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        bytes += mask
        for (i, byte) in frame.payload.enumerated() { bytes.append(byte ^ mask[i % 4]) }
        return bytes
    }

    /// The next frame from the server; nil when the connection ends first.
    func readWebSocketFrame() async throws -> TestFrame? {
        while true {
            if let (frame, used) = Self.parseFrame(pending) {
                _ = take(used)
                return frame
            }
            guard try await readMore() else { return nil }
        }
    }

    /// Frames until the server closes the connection (the close frame included).
    func readWebSocketFramesToEnd() async -> [TestFrame] {
        var frames: [TestFrame] = []
        while let frame = try? await readWebSocketFrame() { frames.append(frame) }
        return frames
    }

    static func parseFrame(_ bytes: [UInt8]) -> (TestFrame, Int)? {
        guard bytes.count >= 2 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        // The server never masks.
        guard bytes[1] & 0x80 == 0, bytes.count >= offset + length else { return nil }
        let frame = TestFrame(
            fin: bytes[0] & 0x80 != 0, opcode: bytes[0] & 0x0F, payload: Array(bytes[offset..<(offset + length)]))
        return (frame, offset + length)
    }
}
