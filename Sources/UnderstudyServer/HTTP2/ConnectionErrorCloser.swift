import NIOCore
import NIOHTTP2

/// Closes an HTTP/2 connection on a connection error (a bad preface, a protocol error, a flood),
/// but not on a stream error: RFC 9113 §5.4.2 ends only that stream, which NIO has reset, and the
/// connection's other streams go on.
///
/// NIO's HTTP/2 handler reports both kinds with the same bare error, so this tells them apart by
/// what the handler wrote just before: a GOAWAY with an error code means the connection is done.
/// It watches as the handler's frame delegate, and sits right behind the handler in the pipeline.
///
/// A client that closes its side of the socket (FIN) has ended the connection, as HTTP/2 has
/// no half-closed connections (a request ends with END_STREAM, not FIN), so the server closes
/// too. Without it the server kept such connections (CLOSE_WAIT) until its idle time-out, and a
/// stop waited out its grace period: a quiesce does not help, as NIO's connection manager waits
/// for the answer to its PING from a client that has gone.
final class ConnectionErrorCloser: ChannelInboundHandler, NIOHTTP2FrameDelegate {
    typealias InboundIn = HTTP2Frame
    typealias InboundOut = HTTP2Frame

    private var sentFailingGoAway = false

    func wroteFrame(_ frame: HTTP2Frame) {
        if case .goAway(_, let code, _) = frame.payload, code != .noError { sentFailingGoAway = true }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if sentFailingGoAway { context.close(promise: nil) }
        context.fireErrorCaught(error)
    }
}
