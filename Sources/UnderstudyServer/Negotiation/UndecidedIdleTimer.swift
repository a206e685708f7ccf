import NIOCore

/// The idle time-out of a connection whose protocol is not chosen yet (``CleartextNegotiator``,
/// `TunnelNegotiator`): a client that connects and sends nothing is closed as an idle HTTP/1.1
/// one would be. Used on the connection's event loop only.
struct UndecidedIdleTimer {
    private var scheduled: Scheduled<Void>?

    /// Closes `context`'s channel once `timeout` passes, unless cancelled first.
    mutating func arm(_ context: ChannelHandlerContext, timeout: Duration) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        scheduled = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) { bound.value.close(promise: nil) }
    }

    mutating func cancel() {
        scheduled?.cancel()
        scheduled = nil
    }
}
