import NIOCore
import NIOHTTP2

/// Closes an HTTP/2 connection on a connection error (a bad preface, a protocol error, a flood),
/// but not on a stream error: RFC 9113 §5.4.2 ends only that stream, which NIO has reset, and the
/// connection's other streams go on.
///
/// NIO's HTTP/2 handler reports both kinds with the same bare error, so this tells them apart by
/// what the handler wrote just before: a GOAWAY with an error code means the connection is done.
/// It watches as the handler's frame delegate, and sits right behind the handler in the pipeline.
final class ConnectionErrorCloser: ChannelInboundHandler, NIOHTTP2FrameDelegate {
    typealias InboundIn = HTTP2Frame
    typealias InboundOut = HTTP2Frame

    private var sentFailingGoAway = false

    func wroteFrame(_ frame: HTTP2Frame) {
        if case .goAway(_, let code, _) = frame.payload, code != .noError { sentFailingGoAway = true }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if sentFailingGoAway { context.close(promise: nil) }
        context.fireErrorCaught(error)
    }
}
