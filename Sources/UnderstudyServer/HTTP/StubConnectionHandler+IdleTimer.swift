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
        let timeout = TimeAmount(environment.configuration.idleTimeout)
        // A connection waiting on one of our own delays, gates or upstreams is not idle, nor one
        // whose answer still waits in the socket's buffer for a slow reader. A request body
        // streaming to an upstream is the client's to keep coming, unless we paused reading.
        let waitingOnUs: Bool
        if case .responding = state {
            waitingOnUs = !(upload?.awaitsClient ?? false)
        } else {
            waitingOnUs = !context.channel.isWritable
        }
        if waitingOnUs {
            armIdleTimer(in: timeout, context: context)
            return
        }
        let idleFor = NIODeadline.now() - lastActivity
        guard idleFor >= timeout else {
            armIdleTimer(in: timeout - idleFor, context: context)
            return
        }
        // Also ends connections half-closed after a refusal (``closeOutput``) that the client never closed.
        environment.logger.debug("Closing an idle connection")
        state = .closing
        upload?.abort("the client sent nothing more of the request body for the idle time-out")
        upload = nil
        context.close(promise: nil)
    }
}
