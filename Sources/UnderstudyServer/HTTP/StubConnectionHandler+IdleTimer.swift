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
