import NIOCore

/// Takes out of each request head what NIO's decoder (llhttp) would refuse or act on: a
/// `Content-Length` next to `Transfer-Encoding` (as URLSession sends for streamed bodies,
/// swiftlang/swift #68422; RFC 9112 §6.3 says Transfer-Encoding wins, llhttp refuses the pair and
/// NIO gives no way to relax it), `Upgrade`, and a method llhttp does not know. What it took out
/// goes to ``SetAsideHeads``, beside the pipeline, and the stub handler puts it back.
///
/// To find each head on a keep-alive connection it follows request framing (see
/// ``RequestFramingScanner``); everything else passes through untouched.
final class LengthHeaderReconciler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var scanner: RequestFramingScanner

    init(maxHeaderBytes: Int, setAside: SetAsideHeads) {
        scanner = RequestFramingScanner(maxHeadBytes: maxHeaderBytes + 16 * 1024, setAside: setAside)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var input = unwrapInboundIn(data)
        var output = context.channel.allocator.buffer(capacity: input.readableBytes)
        scanner.scan(&input, into: &output)
        if output.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(output))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A head cut off by the close still goes to the decoder, which reports it.
        var output = context.channel.allocator.buffer(capacity: 0)
        scanner.flush(into: &output)
        if output.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(output)) }
        context.fireChannelInactive()
    }
}
