import NIOCore

/// Reads a server's side of a WebSocket: the `101` answer, then text frames, each yielded whole.
/// Enough for a notifications feed: the server sends unmasked, unfragmented frames; a close
/// frame or the end of the connection ends the stream.
final class WebSocketTextReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let messages: AsyncThrowingStream<String, any Error>.Continuation
    private var pending: [UInt8] = []
    private var upgraded = false

    init(_ messages: AsyncThrowingStream<String, any Error>.Continuation) {
        self.messages = messages
    }

    struct HandshakeRefused: Error {
        var head: String
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending += unwrapInboundIn(data).readableBytesView
        if !upgraded {
            let end = Array("\r\n\r\n".utf8)
            guard let index = pending.indices.first(where: { pending[$0...].starts(with: end) }) else { return }
            let head = String(decoding: pending[..<index], as: UTF8.self)
            guard head.hasPrefix("HTTP/1.1 101") else {
                messages.finish(throwing: HandshakeRefused(head: head))
                context.close(promise: nil)
                return
            }
            pending.removeFirst(index + end.count)
            upgraded = true
        }
        while let (opcode, payload) = nextFrame() {
            switch opcode {
            case 0x1: messages.yield(String(decoding: payload, as: UTF8.self))
            case 0x8: messages.finish()
            default: break  // Pings and binary frames are not part of this feed.
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        messages.finish()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        messages.finish(throwing: error)
        context.close(promise: nil)
    }

    /// Takes one whole frame off `pending`, if it has one (7-bit and 16-bit lengths).
    private func nextFrame() -> (opcode: UInt8, payload: [UInt8])? {
        guard pending.count >= 2 else { return nil }
        var header = 2
        var length = Int(pending[1] & 0x7F)
        if length == 126 {
            guard pending.count >= 4 else { return nil }
            length = Int(pending[2]) << 8 | Int(pending[3])
            header = 4
        }
        guard pending.count >= header + length else { return nil }
        let frame = (pending[0] & 0x0F, Array(pending[header..<(header + length)]))
        pending.removeFirst(header + length)
        return frame
    }
}
