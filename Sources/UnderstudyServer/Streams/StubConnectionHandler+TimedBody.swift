import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

extension StubConnectionHandler {
    /// Sends the head, then each step of `body` once its delay has passed, on the event loop's
    /// timers (nothing sleeps); then ends the response, or keeps it open with heartbeats until
    /// the client leaves or the server stops. `completed` gets the sub-events to journal.
    func sendTimed(
        _ body: TimedBody, head rendered: ResponseHeadBuilder.Result, method: HTTPMethod,
        context: ChannelHandlerContext,
        completed: @escaping @Sendable ([SubEvent]) -> Void
    ) {
        guard rendered.allowsBody, method != .HEAD, !ResponseHeadBuilder.isInterim(rendered.head.status) else {
            writeResponse(rendered, body: Data(), method: method, context: context) { _ in completed([]) }
            return
        }
        context.writeAndFlush(wrapOutboundOut(.head(rendered.head)), promise: nil)
        lastActivity = .now()
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        let registration = environment.streamingResponses.add {
            loop.execute { bound.value.handler.endTimedBodyAfterLastStep(context: bound.value.context) }
        }
        var live = LiveTimedBody(
            body: body, mustClose: rendered.mustClose, registration: registration,
            endsAfterLastStep: registration == nil || !body.keepOpen, completed: completed)
        if let interval = body.heartbeat {
            let interval = TimeAmount(interval)
            live.heartbeat = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
                bound.value.handler.sendHeartbeat(context: bound.value.context)
            }
        }
        timedBody = live
        advanceTimedBody(context: context, delayElapsed: false)
    }

    /// Runs the steps that are due: those without a delay at once (in a loop, not by recursion,
    /// so a long list of events cannot deepen the stack), and schedules the next delayed one.
    private func advanceTimedBody(context: ChannelHandlerContext, delayElapsed: Bool) {
        var elapsed = delayElapsed
        // Reads the parts it needs, never a copy of the whole live body: a copy alive while
        // `subEvents` grows would make each append copy the array (quadratic in the events).
        while let index = timedBody?.next, let body = timedBody?.body {
            guard index < body.steps.count else {
                if timedBody?.endsAfterLastStep == true { endTimedBody(context: context) }
                return
            }
            let step = body.steps[index]
            if step.held, let gate = body.gate, timedBody?.passedGate != index {
                // Held: the test lets it through; its delay counts from then. Heartbeats go on.
                timedBody?.passedGate = index
                let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
                let loop = context.eventLoop
                gate.hold {
                    loop.execute {
                        // Only if this body still waits there (the client may have left meanwhile).
                        let handler = bound.value.handler
                        guard handler.timedBody?.passedGate == index, handler.timedBody?.next == index else { return }
                        handler.advanceTimedBody(context: bound.value.context, delayElapsed: false)
                    }
                }
                return
            }
            if step.delay > .zero, !elapsed {
                let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
                timedBody?.scheduled = context.eventLoop.scheduleTask(in: TimeAmount(step.delay)) {
                    bound.value.handler.advanceTimedBody(context: bound.value.context, delayElapsed: true)
                }
                return
            }
            elapsed = false
            timedBody?.next += 1
            switch step.action {
            case .send(let bytes, let note):
                if let note { timedBody?.subEvents.append(TimedBody.sent(note)) }
                lastActivity = .now()
                // A write to a closed channel fails, and channelInactive ends the body.
                let written = context.eventLoop.makePromise(of: Void.self)
                timedBody?.lastWrite = written.futureResult
                context.writeAndFlush(
                    wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: bytes)))),
                    promise: written)
            case .fault(let fault):
                guard let ended = takeTimedBody() else { return }
                let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
                let inject: @Sendable () -> Void = {
                    bound.value.handler.injectMidStream(fault, context: bound.value.context) {
                        ended.completed(ended.subEvents)
                    }
                }
                if let lastWrite = ended.lastWrite { lastWrite.whenComplete { _ in inject() } } else { inject() }
                return
            }
        }
    }

    /// Ends the response now: the last step is out, and the body is not to stay open.
    private func endTimedBody(context: ChannelHandlerContext) {
        guard let ended = takeTimedBody() else { return }
        finishResponse(mustClose: ended.mustClose, context: context) { _ in ended.completed(ended.subEvents) }
    }

    /// The server is stopping: an open body ends now, one still sending ends after its last step.
    func endTimedBodyAfterLastStep(context: ChannelHandlerContext) {
        guard timedBody != nil else { return }
        timedBody?.endsAfterLastStep = true
        if timedBody?.allSent == true { endTimedBody(context: context) }
    }

    /// The client half-closed. A stream's client has hung up: the stream ends now, journalled as
    /// a client that left. Any other body goes out whole first (``endTimedBodyAfterLastStep``).
    func timedBodyClientClosed(context: ChannelHandlerContext) {
        guard let live = timedBody else { return }
        guard live.body.endsWhenClientCloses else {
            endTimedBodyAfterLastStep(context: context)
            return
        }
        timedBody?.subEvents.append(TimedBody.clientLeft(afterSteps: live.next))
        endTimedBody(context: context)
    }

    /// The connection or stream is gone before the body ended: journal that the client left.
    func timedBodyLostItsClient() {
        guard let ended = takeTimedBody() else { return }
        ended.completed(ended.subEvents + [TimedBody.clientLeft(afterSteps: ended.next)])
    }

    private func sendHeartbeat(context: ChannelHandlerContext) {
        guard timedBody != nil, context.channel.isActive else { return }
        lastActivity = .now()
        let bytes = context.channel.allocator.buffer(string: ServerSentEvent.heartbeatText)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
    }

    /// Takes the live body off the handler, with its timers stopped and the server's handle on it dropped.
    private func takeTimedBody() -> LiveTimedBody? {
        guard let live = timedBody else { return nil }
        timedBody = nil
        live.cancelTimers()
        if let registration = live.registration { environment.streamingResponses.remove(registration) }
        return live
    }

    /// A fault after the head and part of the body: as ``inject(_:context:completed:)``, except
    /// that a malformed chunk is garbage where the next chunk belongs (HTTP/1.1), or a stream
    /// reset with `PROTOCOL_ERROR` (HTTP/2), rather than a second head.
    private func injectMidStream(
        _ fault: Fault, context: ChannelHandlerContext, completed: @escaping @Sendable () -> Void
    ) {
        guard fault == .malformedResponseChunk else {
            inject(fault, context: context, completed: completed)
            return
        }
        connection.giveUp()
        if isHTTP2Stream {
            resetStream(.protocolError, context: context, completed: completed)
        } else {
            writeRawThenClose(context.channel.allocator.buffer(string: Self.garbage), context: context) { _ in
                completed()
            }
        }
    }
}
