import NIOCore

/// Lets a request carry both `Content-Length` and `Transfer-Encoding`, as URLSession does for
/// streamed bodies (swiftlang/swift #68422), by renaming the `Content-Length` line before NIO's
/// decoder sees the head (``LoggedRequest`` gets the real name back). RFC 9112 §6.3 says Transfer-Encoding wins; llhttp refuses the pair outright
/// and NIO gives no way to relax it.
///
/// To find each head on a keep-alive connection it follows request framing (see
/// ``RequestFramingScanner``); everything else passes through untouched.
final class LengthHeaderReconciler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var scanner: RequestFramingScanner

    init(maxHeaderBytes: Int) {
        scanner = RequestFramingScanner(maxHeadBytes: maxHeaderBytes + 16 * 1024)
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
