import NIOCore

/// After an `h2c` upgrade, switches the pipeline to HTTP/2 and feeds it the upgrading request as
/// stream 1: it waits for the client's preface and first frame (which RFC 9113 makes a SETTINGS
/// frame), lets them through, then the request's HEADERS frame, then everything else. A client
/// that sends anything but a preface reaches the HTTP/2 handler as it is, which reports the error.
final class StreamOneInjector: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let headersFrame: ByteBuffer
    private let environment: ConnectionEnvironment
    private var held: ByteBuffer?
    /// The HTTP/2 handlers are in place (see ``HTTP2Switch``).
    private var switched = false
    /// Stream 1 is in: everything read from now on goes straight on.
    private var passingOn = false

    init(headersFrame: ByteBuffer, environment: ConnectionEnvironment) {
        self.headersFrame = headersFrame
        self.environment = environment
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        HTTP2Switch.replaceHTTP1(on: context.channel, environment: environment).whenComplete { result in
            switch result {
            case .success:
                handler.value.switched = true
                handler.value.deliver(context: bound.value)
            case .failure(let error):
                bound.value.fireErrorCaught(error)
                bound.value.close(promise: nil)
            }
        }
    }

    /// How many bytes the preface and the first frame take, once `bytes` hold them whole.
    static func prefaceAndFirstFrameLength(_ bytes: ByteBuffer) -> Int? {
        let preface = CleartextNegotiator.preface.count
        guard let header = bytes.getBytes(at: bytes.readerIndex + preface, length: 9) else { return nil }
        let length = Int(header[0]) << 16 | Int(header[1]) << 8 | Int(header[2])
        let total = preface + 9 + length
        return bytes.readableBytes >= total ? total : nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !passingOn else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        if var earlier = held {
            earlier.writeBuffer(&bytes)
            bytes = earlier
        }
        held = bytes
        if switched { deliver(context: context) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if held == nil { context.fireChannelReadComplete() }
    }

    private func deliver(context: ChannelHandlerContext) {
        guard var bytes = held else { return }
        switch CleartextNegotiator.verdict(bytes.readableBytesView) {
        case .undecided:
            return
        case .http1:
            held = nil
            passingOn = true
        case .http2:
            guard let first = Self.prefaceAndFirstFrameLength(bytes), let opening = bytes.readSlice(length: first)
            else {
                return
            }
            held = nil
            passingOn = true
            context.fireChannelRead(wrapInboundOut(opening))
            context.fireChannelRead(wrapInboundOut(headersFrame))
        }
        if bytes.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(bytes)) }
        context.fireChannelReadComplete()
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
