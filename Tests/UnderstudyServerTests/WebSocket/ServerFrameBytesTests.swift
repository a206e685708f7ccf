import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import UnderstudyServer

/// The whole frames written past NIO's frame encoder are byte for byte what that encoder writes,
/// at every length boundary of the header (RFC 6455 §5.2: 7-bit, 16-bit and 64-bit lengths).
@Suite struct ServerFrameBytesTests {
    static let lengths = [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]

    /// What NIO's `WebSocketFrameEncoder` writes for one final unmasked frame, joined.
    static func encodedByNIO(_ opcode: WebSocketOpcode, payload: [UInt8]) throws -> [UInt8] {
        let channel = EmbeddedChannel(handler: WebSocketFrameEncoder())
        defer { _ = try? channel.finish() }
        let frame = WebSocketFrame(fin: true, opcode: opcode, data: ByteBuffer(bytes: payload))
        try channel.writeOutbound(frame)
        var joined: [UInt8] = []
        while var part = try channel.readOutbound(as: ByteBuffer.self) {
            joined += part.readBytes(length: part.readableBytes) ?? []
        }
        return joined
    }

    @Test(arguments: lengths) func textFramesMatchNIOsEncoder(length: Int) throws {
        let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        var ours = ServerFrameBytes.text(text, allocator: ByteBufferAllocator())
        #expect(ours.readBytes(length: ours.readableBytes) == (try Self.encodedByNIO(.text, payload: Array(text.utf8))))
    }

    @Test(arguments: lengths) func binaryFramesMatchNIOsEncoder(length: Int) throws {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var ours = ServerFrameBytes.frame(.binary, payload: Data(payload), allocator: ByteBufferAllocator())
        #expect(ours.readBytes(length: ours.readableBytes) == (try Self.encodedByNIO(.binary, payload: payload)))
    }

    @Test func nonASCIITextCountsItsUTF8Bytes() throws {
        let text = String(repeating: "é🙂", count: 30)  // 180 bytes in 60 characters: a 16-bit length
        var ours = ServerFrameBytes.text(text, allocator: ByteBufferAllocator())
        #expect(ours.readBytes(length: ours.readableBytes) == (try Self.encodedByNIO(.text, payload: Array(text.utf8))))
    }

    @Test func aKeptReplyIsReusedOnlyForTheSameText() {
        var replies = ReplyBytes()
        let allocator = ByteBufferAllocator()
        let first = replies.frame(of: "same", allocator: allocator)
        #expect(replies.frame(of: "same", allocator: allocator) == first)
        let other = replies.frame(of: "other", allocator: allocator)
        #expect(other != first)
        #expect(other.getBytes(at: other.readerIndex + 2, length: 5) == Array("other".utf8))
    }
}
