import Foundation
import Logging
import NIOCore
import NIOHTTP1
import UnderstudyAdmin
import UnderstudyCore

extension StubConnectionHandler {
    /// What the responder decided for one request routed to the admin API or the engine.
    typealias Outcome = ResponderAnswer

    /// Requests with a body up to this size are matched on the event loop (see `dispatch`).
    static let matchOnLoopBodyLimit = 16 * 1024
    /// Past this many answers written inside one another, the next waits for the loop's next turn.
    static let maxNestedAnswers = 8

    /// The engine's view of a whole request read on this connection.
    func loggedRequest(_ head: HTTPRequestHead, body: ByteBuffer, context: ChannelHandlerContext) -> LoggedRequest {
        let addresses =
            self.addresses ?? ConnectionAddresses(channel: context.channel, environment: environment)
        self.addresses = addresses
        return LoggedRequest(
            head: head, body: body.readableBytes == 0 ? Data() : Data(body.readableBytesView),
            clientIP: addresses.clientIP, boundHost: addresses.boundHost, boundPort: addresses.boundPort,
            scheme: environment.scheme, clientCertificateSubject: addresses.clientCertificateSubject,
            tunnelled: addresses.isTunnelled)
    }

    /// Gets a request answered on the route ``RequestRoute`` chose (never offline: that was reset).
    /// Selecting a stub and building its response happen here on the event loop: that is CPU work of a few microseconds, and handing it to
    /// another thread and back cost more than the work itself (two thread wake-ups per request).
    /// What can be slow goes off the loop: the admin API, bodies over ``matchOnLoopBodyLimit``
    /// (body matchers parse them), body files, and the near-miss search for unmatched requests.
    func dispatch(
        _ request: LoggedRequest, route: RequestRoute, head: HTTPRequestHead, receivedAt: NIODeadline,
        context: ChannelHandlerContext
    ) {
        let environment = self.environment
        if route == .dashboard {
            serveDashboard(request, head: head, receivedAt: receivedAt, context: context)
            return
        }
        let isAdmin = route == .admin
        let loop = context.eventLoop
        // Made only where an answer waits for the loop's next turn: the common case answers at once.
        func deliverLater() -> @Sendable (Outcome) -> Void {
            let handler = NIOLoopBound(self, eventLoop: loop)
            let boundContext = NIOLoopBound(context, eventLoop: loop)
            return { outcome in
                handler.value.answer(
                    outcome, to: head, request: request, receivedAt: receivedAt, context: boundContext.value)
            }
        }
        guard !isAdmin, request.body.count <= Self.matchOnLoopBodyLimit else {
            Self.decideOffLoop(request, isAdmin: isAdmin, environment: environment, loop: loop, then: deliverLater())
            return
        }
        switch environment.engine.decide(request, capabilities: .eventLoop) {
        case .immediate(let decision):
            if let gate = Self.gate(of: .stub(decision)) {
                let deliver = deliverLater()
                gate.hold { loop.execute { deliver(.stub(decision)) } }
            } else if nestedAnswers < Self.maxNestedAnswers {
                // NIO's pipelining handler passes us the next buffered request from inside the
                // write that ends this response, so answering at once recurses once per pipelined
                // request: past a few levels, the next answer waits for the loop's next turn.
                nestedAnswers += 1
                defer { nestedAnswers -= 1 }
                answer(.stub(decision), to: head, request: request, receivedAt: receivedAt, context: context)
            } else {
                let deliver = deliverLater()
                loop.execute { deliver(.stub(decision)) }
            }
        case .deferred(let work):
            Self.runOffLoop(work, request: request, environment: environment, loop: loop, deliver: deliverLater())
        case .streamedProxy, .declined:
            // Not under these capabilities (whole requests, misses answered): serve it the general way.
            Self.decideOffLoop(request, isAdmin: false, environment: environment, loop: loop, then: deliverLater())
        }
    }

    /// Runs the slow part of a stub's answer off the loop, then delivers it on the loop.
    private static func runOffLoop(
        _ work: @escaping @Sendable () -> ServeDecision, request: LoggedRequest, environment: ConnectionEnvironment,
        loop: any EventLoop, deliver: @escaping @Sendable (Outcome) -> Void
    ) {
        environment.offLoop.submit {
            release(.stub(work()), loop: loop, deliver: deliver)
        }
    }

    /// The gate a held stub's answer waits at, if any.
    private static func gate(of outcome: Outcome) -> ResponseGate? {
        guard case .stub(let decision) = outcome else { return nil }
        return decision.gate
    }

    /// Delivers on the loop, after the stub's gate opens when it has one; nothing blocks meanwhile.
    private static func release(_ outcome: Outcome, loop: any EventLoop, deliver: @escaping @Sendable (Outcome) -> Void)
    {
        if let gate = gate(of: outcome) {
            gate.hold { loop.execute { deliver(outcome) } }
        } else {
            loop.execute { deliver(outcome) }
        }
    }

    private static func decideOffLoop(
        _ request: LoggedRequest, isAdmin: Bool, environment: ConnectionEnvironment, loop: any EventLoop,
        then deliver: @escaping @Sendable (Outcome) -> Void
    ) {
        environment.offLoop.submit {
            let answer = environment.responder.respond(request, route: isAdmin ? .admin : .engine)
            release(answer, loop: loop, deliver: deliver)
        }
    }

    func answer(
        _ outcome: Outcome, to head: HTTPRequestHead, request: LoggedRequest, receivedAt: NIODeadline,
        context: ChannelHandlerContext
    ) {
        switch outcome {
        case .reset, .dashboard:
            // Routed before dispatch: offline resets the connection, the dashboard serves itself.
            assertionFailure("\(outcome) reached answer(_:)")
            context.close(promise: nil)
        case .admin(let response):
            environment.logger.info("\(request.method) \(request.url) → admin \(response.status)")
            let builder = ResponseHeadBuilder(requestVersion: head.version, requestKeepAlive: head.allowsAnotherRequest)
            let rendered = builder.build(
                status: response.status, statusMessage: nil, headers: response.headers, bodyLength: response.body.count)
            let shutdown = response.action == .shutdown ? environment.requestShutdown : nil
            writeResponse(
                rendered, body: response.body, method: head.method, afterWrite: shutdown != nil, context: context
            ) { _ in shutdown?() }
        case .stub(let decision) where decision.proxy != nil && decision.fault == nil:
            // The upstream's answer streams through (StubConnectionHandler+Proxying.swift).
            proxy(decision, to: head, request: request, receivedAt: receivedAt, context: context)
        case .stub(let decision):
            Self.logServed(request, decision, to: environment.logger)
            let decided = NIODeadline.now()
            if decision.delay > .zero {
                // The journal has the request already; the answer waits on the loop's timer, never a sleep.
                let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                let serve: @Sendable () -> Void = {
                    handler.value.serveAndComplete(
                        decision, to: head, receivedAt: receivedAt, decided: decided, context: bound.value)
                }
                if let clock = environment.engine.clock {
                    // A test's manual clock: due when the test moves it, then served on this loop.
                    let loop = context.eventLoop
                    clock.schedule(after: decision.delay) { loop.execute(serve) }
                } else {
                    context.eventLoop.scheduleTask(in: TimeAmount(decision.delay), serve)
                }
            } else {
                serveAndComplete(decision, to: head, receivedAt: receivedAt, decided: decided, context: context)
            }
        }
    }

    /// Serves a decision, then completes its journal entry with the timings WireMock reports.
    private func serveAndComplete(
        _ decision: ServeDecision, to head: HTTPRequestHead, receivedAt: NIODeadline, decided: NIODeadline,
        context: ChannelHandlerContext
    ) {
        let started = NIODeadline.now()
        let engine = environment.engine
        serve(decision, to: head, context: context) { subEvents in
            let timing = ServeTiming(
                addedDelay: Int(decision.delay / .milliseconds(1)),
                processTime: Self.milliseconds(decided - receivedAt),
                responseSendTime: Self.milliseconds(NIODeadline.now() - started))
            engine.complete(decision, timing: timing, subEvents: subEvents)
        }
    }

    static func milliseconds(_ amount: TimeAmount) -> Int { Int(amount.nanoseconds / 1_000_000) }

    static func logServed(_ request: LoggedRequest, _ decision: ServeDecision, to logger: Logger) {
        if let problem = decision.templateError {
            logger.error(
                "\(request.method) \(request.url): the response template failed to render; answered 500",
                metadata: ["error": "\(problem)"])
        }
        guard logger.logLevel <= .info else { return }
        if let stub = decision.stub {
            let name = stub.name.map { " (\($0))" } ?? ""
            logger.info("\(request.method) \(request.url) → \(decision.status) stub \(stub.id.lowercasedString)\(name)")
        } else {
            logger.info("\(request.method) \(request.url) → \(decision.status) no match")
        }
    }
}
