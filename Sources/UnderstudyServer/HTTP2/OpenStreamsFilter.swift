import NIOCore
import NIOHTTP2

/// Passes on each stream's opening and closing once: opened once, closed once, and never closed
/// unless it was opened. NIO's HTTP/2 handler can report a stream closed twice when the
/// connection drops with it open (a fault that closes the connection does that), and NIO's
/// connection manager, behind this, asserts on the second report. The manager needs to know
/// which streams are open to close the connection after GOAWAY once they have finished.
final class OpenStreamsFilter: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias InboundOut = HTTP2Frame

    private var open: Set<HTTP2StreamID> = []

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let created = event as? NIOHTTP2StreamCreatedEvent {
            guard open.insert(created.streamID).inserted else { return }
        } else if let closed = event as? StreamClosedEvent {
            guard open.remove(closed.streamID) != nil else { return }
        }
        context.fireUserInboundEventTriggered(event)
    }
}
