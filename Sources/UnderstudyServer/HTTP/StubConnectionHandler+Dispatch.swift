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

    /// Builds the `LoggedRequest`, asks the engine or the admin API off the event loop (matching
    /// and body files can take a while), and comes back to the loop to answer.
    func dispatch(head: HTTPRequestHead, body: ByteBuffer, receivedAt: NIODeadline, context: ChannelHandlerContext) {
        let local = context.channel.localAddress
        let request = LoggedRequest(
            head: head, body: Data(body.readableBytesView),
            clientIP: context.channel.remoteAddress?.ipAddress ?? "127.0.0.1",
            boundHost: local?.ipAddress ?? environment.configuration.host,
            boundPort: local?.port ?? environment.configuration.port)
        let environment = self.environment
        let isAdmin = request.path == "/__admin" || request.path.hasPrefix("/__admin/")
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        let boundContext = NIOLoopBound(context, eventLoop: loop)
        let deliver: @Sendable (Outcome) -> Void = { outcome in
            handler.value.answer(outcome, to: head, request: request, receivedAt: receivedAt, context: boundContext.value)
        }
        Self.decideOffLoop(request, isAdmin: isAdmin, environment: environment, loop: loop, then: deliver)
    }

    private static func decideOffLoop(
        _ request: LoggedRequest, isAdmin: Bool, environment: ConnectionEnvironment, loop: any EventLoop,
        then deliver: @escaping @Sendable (Outcome) -> Void
    ) {
        Task {
            let outcome = decide(request, isAdmin: isAdmin, environment: environment)
            loop.execute { deliver(outcome) }
        }
    }

    private static func decide(_ request: LoggedRequest, isAdmin: Bool, environment: ConnectionEnvironment) -> Outcome {
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
        case .stub(var decision):
            logServed(request, decision)
            if decision.proxy != nil {
                // This server has no HTTP client to proxy with: say so rather than answer as if it had.
                decision.status = 500
                decision.headers.set("Content-Type", "text/plain")
                decision.body = Data("Understudy's server cannot proxy (proxyBaseUrl) yet.".utf8)
            }
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
        if let stub = decision.stub {
            let name = stub.name.map { " (\($0))" } ?? ""
            logger.info("\(request.method) \(request.url) → \(decision.status) stub \(stub.id.uuidString.lowercased())\(name)")
        } else {
            logger.info("\(request.method) \(request.url) → \(decision.status) no match")
        }
    }
}
