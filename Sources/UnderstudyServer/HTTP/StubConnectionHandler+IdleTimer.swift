import NIOCore

extension StubConnectionHandler {
    /// Closes the connection once no request part has arrived and no response has gone out for
    /// the configured idle time-out. One timer per connection, re-armed only when it fires, so
    /// requests pay nothing but a clock read (`lastActivity`).
    func armIdleTimer(in delay: TimeAmount, context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let boundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        idleTimer = context.eventLoop.scheduleTask(in: delay) {
            handler.value.idleTimerFired(context: boundContext.value)
        }
    }

    /// An HTTP/2 stream's idle timer, armed once the stream waits on its client: for the rest of a
    /// request, for a streamed upload's next part, or for window to send a large answer. The
    /// connection's own idle time-out (NIO's connection manager) counts only while no stream is open.
    func armStreamIdleTimerIfWaiting(context: ChannelHandlerContext) {
        guard idleTimer == nil, connection.isReceiving || upload != nil || pacedBody != nil else { return }
        armIdleTimer(in: TimeAmount(environment.configuration.idleTimeout), context: context)
    }

    private func idleTimerFired(context: ChannelHandlerContext) {
        idleTimer = nil
        let action = connection.idleTimerFired(
            idleFor: NIODeadline.now() - lastActivity, timeout: TimeAmount(environment.configuration.idleTimeout),
            writable: context.channel.isWritable, uploadAwaitsClient: upload?.awaitsClient ?? false)
        if case .checkAgain(let delay) = action {
            armIdleTimer(in: delay, context: context)
            return
        }
        // Also ends connections half-closed after a refusal (``closeOutput``) that the client never closed.
        environment.logger.debug("Closing an idle connection")
        upload?.abort("the client sent nothing more of the request body for the idle time-out")
        upload = nil
        context.close(promise: nil)
    }
}
