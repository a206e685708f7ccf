import NIOCore

/// The first handler of an HTTPS connection, in front of the TLS handler. A reset (the
/// `CONNECTION_RESET_BY_PEER` fault, going offline) closes the socket from here: closed through
/// the TLS handler, the connection would first send `close_notify` and wait for the client's (up
/// to five seconds), and the client would see a clean end instead of a reset.
final class SocketEndCloser: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = NIOAny

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is ConnectionReset.CloseAtSocket else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        context.close(promise: promise)
    }
}
