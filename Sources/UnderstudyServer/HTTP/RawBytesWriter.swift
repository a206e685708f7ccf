import NIOCore

/// Asks ``RawBytesWriter`` to put bytes on the wire as they are, past the HTTP encoder.
///
/// Faults need bytes no HTTP encoder would produce (a missing status line, broken chunk
/// framing). The request handler sends this as an outbound user event; every HTTP handler
/// forwards unknown events untouched, so it reaches the writer at the socket end.
struct RawBytes: Sendable {
    var bytes: ByteBuffer
}

/// Sits first in the pipeline (next to the socket) and writes ``RawBytes`` events verbatim.
/// Ordinary writes pass straight through, so HTTP responses are unaffected.
final class RawBytesWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let raw = event as? RawBytes else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        context.writeAndFlush(wrapOutboundOut(raw.bytes), promise: promise)
    }
}

extension ChannelHandlerContext {
    /// Sends bytes past the HTTP encoder (see ``RawBytesWriter``), then closes once they, and
    /// every write queued before them, are out. With no bytes it is a close that first lets the
    /// answers already queued reach a slow reader.
    func writeRawThenClose(_ bytes: ByteBuffer, completed: @escaping @Sendable (Result<Void, Error>) -> Void = { _ in })
    {
        let written = eventLoop.makePromise(of: Void.self)
        triggerUserOutboundEvent(RawBytes(bytes: bytes), promise: written)
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        written.futureResult.whenComplete { result in
            completed(result)
            bound.value.close(promise: nil)
        }
    }
}
