import NIOCore
import NIOWebSocket

/// A whole unmasked frame from the server (RFC 6455 §5.2), header and payload in one buffer, for
/// the sends that skip NIO's frame encoder: one allocation and one write per message, where the
/// encoder allocates a header buffer of its own for a payload with no room before it.
enum ServerFrameBytes {
    /// The frame of one final `opcode` frame carrying `payload`'s bytes.
    static func frame(
        _ opcode: WebSocketOpcode, payload: some Collection<UInt8>, allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: headerLength(payload.count) + payload.count)
        writeHeader(opcode, length: payload.count, into: &buffer)
        buffer.writeBytes(payload)
        return buffer
    }

    /// The frame of one final text frame carrying `text`.
    static func text(_ text: String, allocator: ByteBufferAllocator) -> ByteBuffer {
        let length = text.utf8.count
        var buffer = allocator.buffer(capacity: headerLength(length) + length)
        writeHeader(.text, length: length, into: &buffer)
        buffer.writeString(text)
        return buffer
    }

    /// Two bytes, then a 16- or 64-bit length when the payload needs it; no mask from a server.
    static func headerLength(_ length: Int) -> Int {
        length < 126 ? 2 : length <= Int(UInt16.max) ? 4 : 10
    }

    private static func writeHeader(_ opcode: WebSocketOpcode, length: Int, into buffer: inout ByteBuffer) {
        // FIN, no RSV bits (no extension is ever agreed), then the opcode.
        buffer.writeInteger(0x80 | UInt8(webSocketOpcode: opcode))
        switch length {
        case ..<126:
            buffer.writeInteger(UInt8(length))
        case ...Int(UInt16.max):
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
    }
}
