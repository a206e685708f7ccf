import NIOCore

/// Gathers the small writes made between two flushes into buffers of up to one TLS record, so the
/// TLS handler below seals one record where it would have sealed one per write.
///
/// NIOSSL hands each write to BoringSSL on its own, and each becomes a record with its own header,
/// tag and encryption call. HTTP/2 writes every frame header and payload as a separate buffer, so
/// a batch of small answers (a HEADERS frame, a DATA frame header and its payload each) costs three
/// records per stream; nginx writes the same batch as one. Copying a few hundred bytes is cheaper
/// than a record. Writes of a record's size or more, and file regions, pass through untouched, in
/// order.
final class TLSWriteCoalescer: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// The most plaintext one TLS record carries (RFC 8446 §5.1).
    static let recordSize = 16_384

    private var pending: ByteBuffer?
    /// Whether `pending` is this handler's own copy (written in place) or a writer's buffer.
    private var ownsPending = false
    private var pendingPromise: EventLoopPromise<Void>?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .byteBuffer(let buffer) = unwrapOutboundIn(data),
            buffer.readableBytes < Self.recordSize
        else {
            writePending(context: context)
            context.write(data, promise: promise)
            return
        }
        if let held = pending, held.readableBytes + buffer.readableBytes > Self.recordSize {
            writePending(context: context)
        }
        append(buffer, context: context)
        if let promise {
            if let pendingPromise {
                pendingPromise.futureResult.cascade(to: promise)
            } else {
                pendingPromise = promise
            }
        }
    }

    func flush(context: ChannelHandlerContext) {
        writePending(context: context)
        context.flush()
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // Unflushed writes meet the close as they would have without this handler.
        writePending(context: context)
        context.close(mode: mode, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        writePending(context: context)
    }

    /// The first buffer is kept as it is; a second one starts a copy of its own, big enough for a
    /// record, which later ones are written into in place.
    private func append(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        guard var held = pending else {
            pending = buffer
            return
        }
        pending = nil
        if !ownsPending {
            var copy = context.channel.allocator.buffer(capacity: Self.recordSize)
            copy.writeImmutableBuffer(held)
            held = copy
            ownsPending = true
        }
        held.writeImmutableBuffer(buffer)
        pending = held
    }

    private func writePending(context: ChannelHandlerContext) {
        guard let held = pending else { return }
        let promise = pendingPromise
        pending = nil
        ownsPending = false
        pendingPromise = nil
        context.write(wrapOutboundOut(.byteBuffer(held)), promise: promise)
    }
}
