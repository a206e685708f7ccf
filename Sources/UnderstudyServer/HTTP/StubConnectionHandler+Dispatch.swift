import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

extension StubConnectionHandler {
    /// What the engine or the admin API decided for one request.
    enum Outcome: Sendable {
        case stub(ServeDecision)
        case admin(AdminResponse)
    }

    /// Requests with a body up to this size are matched on the event loop (see `dispatch`).
    static let matchOnLoopBodyLimit = 16 * 1024
    /// Past this many answers written inside one another, the next waits for the loop's next turn.
    static let maxNestedAnswers = 8

    /// Builds the `LoggedRequest` and gets it answered. Selecting a stub and building its response
    /// happen here on the event loop: that is CPU work of a few microseconds, and handing it to
    /// another thread and back cost more than the work itself (two thread wake-ups per request).
    /// What can be slow goes off the loop: the admin API, bodies over ``matchOnLoopBodyLimit``
    /// (body matchers parse them), body files, and the near-miss search for unmatched requests.
    func dispatch(head: HTTPRequestHead, body: ByteBuffer, receivedAt: NIODeadline, context: ChannelHandlerContext) {
        let addresses = self.addresses ?? ConnectionAddresses(channel: context.channel, configuration: environment.configuration)
        self.addresses = addresses
        let request = LoggedRequest(
            head: head, body: Data(body.readableBytesView),
            clientIP: addresses.clientIP, boundHost: addresses.boundHost, boundPort: addresses.boundPort)
        let environment = self.environment
        let isAdmin = request.path == "/__admin" || request.path.hasPrefix("/__admin/")
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        let boundContext = NIOLoopBound(context, eventLoop: loop)
        let deliver: @Sendable (Outcome) -> Void = { outcome in
            handler.value.answer(outcome, to: head, request: request, receivedAt: receivedAt, context: boundContext.value)
        }
        guard !isAdmin, body.readableBytes <= Self.matchOnLoopBodyLimit else {
            Self.decideOffLoop(request, isAdmin: isAdmin, environment: environment, loop: loop, then: deliver)
            return
        }
        switch environment.engine.stage(request) {
        case .decided(let decision):
            if let gate = Self.gate(of: .stub(decision)) {
                gate.hold { loop.execute { deliver(.stub(decision)) } }
            } else {
                answerOnLoop(.stub(decision), loop: loop, deliver: deliver)
            }
        case .pending(let work):
            Self.runOffLoop(work, request: request, environment: environment, loop: loop, deliver: deliver)
        }
    }

    /// Runs the slow part of a stub's answer on the task pool, then delivers it on the loop.
    private static func runOffLoop(
        _ work: @escaping @Sendable () -> ServeDecision, request: LoggedRequest, environment: ConnectionEnvironment,
        loop: any EventLoop, deliver: @escaping @Sendable (Outcome) -> Void
    ) {
        Task {
            release(.stub(work()), loop: loop, deliver: deliver)
        }
    }

    /// The gate a held stub's answer waits at, if any.
    private static func gate(of outcome: Outcome) -> ResponseGate? {
        guard case .stub(let decision) = outcome, let stub = decision.stub else { return nil }
        return ResponseGate.holding(stub.response)
    }

    /// Delivers on the loop, after the stub's gate opens when it has one; nothing blocks meanwhile.
    private static func release(_ outcome: Outcome, loop: any EventLoop, deliver: @escaping @Sendable (Outcome) -> Void) {
        if let gate = gate(of: outcome) {
            gate.hold { loop.execute { deliver(outcome) } }
        } else {
            loop.execute { deliver(outcome) }
        }
    }

    /// Answers at once, unless that would nest too deep: NIO's pipelining handler passes us the
    /// next buffered request from inside the write that ends this response, so answering
    /// synchronously recurses once per pipelined request.
    private func answerOnLoop(_ outcome: Outcome, loop: any EventLoop, deliver: @escaping @Sendable (Outcome) -> Void) {
        guard nestedAnswers < Self.maxNestedAnswers else {
            loop.execute { deliver(outcome) }
            return
        }
        nestedAnswers += 1
        defer { nestedAnswers -= 1 }
        deliver(outcome)
    }

    private static func decideOffLoop(
        _ request: LoggedRequest, isAdmin: Bool, environment: ConnectionEnvironment, loop: any EventLoop,
        then deliver: @escaping @Sendable (Outcome) -> Void
    ) {
        Task {
            let outcome = await decide(request, isAdmin: isAdmin, environment: environment)
            release(outcome, loop: loop, deliver: deliver)
        }
    }

    private static func decide(_ request: LoggedRequest, isAdmin: Bool, environment: ConnectionEnvironment) async -> Outcome {
        if isAdmin {
            if let gate = environment.adminGate, !gate.admits(request.headers) { return .admin(gate.refusal) }
            return .admin(environment.admin?.handle(request) ?? noAdminResponse)
        }
        return .stub(environment.engine.handle(request))
    }

    static let noAdminResponse = AdminResponse.json(
        ["errors": [["code": 404, "title": "This server has no admin API"]]], status: 404)

    func answer(_ outcome: Outcome, to head: HTTPRequestHead, request: LoggedRequest, receivedAt: NIODeadline, context: ChannelHandlerContext) {
        switch outcome {
        case .admin(let response):
            environment.logger.info("\(request.method) \(request.url) → admin \(response.status)")
            let builder = ResponseHeadBuilder(requestVersion: head.version, requestKeepAlive: head.allowsAnotherRequest)
            let rendered = builder.build(status: response.status, statusMessage: nil, headers: response.headers, bodyLength: response.body.count)
            let shutdown = response.action == .shutdown ? environment.requestShutdown : nil
            writeResponse(rendered, body: response.body, method: head.method, context: context) { _ in shutdown?() }
        case .stub(let decision) where decision.proxy != nil && decision.fault == nil:
            // The upstream's answer streams through (StubConnectionHandler+Proxying.swift).
            proxy(decision, to: head, request: request, receivedAt: receivedAt, context: context)
        case .stub(let decision):
            logServed(request, decision)
            let decided = NIODeadline.now()
            let served = decision
            let engine = environment.engine
            let serve = { (context: ChannelHandlerContext) in
                let started = NIODeadline.now()
                self.serve(served, to: head, context: context) {
                    let timing = ServeTiming(
                        addedDelay: Int(served.delay / .milliseconds(1)),
                        processTime: Self.milliseconds(decided - receivedAt),
                        responseSendTime: Self.milliseconds(NIODeadline.now() - started))
                    engine.complete(served, timing: timing)
                }
            }
            if decision.delay > .zero {
                // The journal has the request already; the answer waits on the loop's timer, never a sleep.
                let bound = NIOLoopBound((serve: serve, context: context), eventLoop: context.eventLoop)
                context.eventLoop.scheduleTask(in: TimeAmount(decision.delay)) {
                    bound.value.serve(bound.value.context)
                }
            } else {
                serve(context)
            }
        }
    }

    static func milliseconds(_ amount: TimeAmount) -> Int { Int(amount.nanoseconds / 1_000_000) }

    private func logServed(_ request: LoggedRequest, _ decision: ServeDecision) {
        let logger = environment.logger
        if let problem = decision.templateError {
            logger.error("\(request.method) \(request.url): the response template failed to render; answered 500", metadata: ["error": "\(problem)"])
        }
        if let stub = decision.stub {
            let name = stub.name.map { " (\($0))" } ?? ""
            logger.info("\(request.method) \(request.url) → \(decision.status) stub \(stub.id.lowercasedString)\(name)")
        } else {
            logger.info("\(request.method) \(request.url) → \(decision.status) no match")
        }
    }
}
