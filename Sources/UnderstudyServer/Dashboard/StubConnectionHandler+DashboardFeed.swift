import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyAdmin
import UnderstudyCore

extension StubConnectionHandler {
    /// How often a quiet feed sends a comment, well inside the idle time-out.
    static let dashboardHeartbeat = TimeAmount.seconds(15)

    /// Answers a request under `/__understudy`: the page's files, its feed, and near-miss rows.
    func serveDashboard(
        _ request: LoggedRequest, head: HTTPRequestHead, receivedAt: NIODeadline, context: ChannelHandlerContext
    ) {
        let route = DashboardRoute(path: request.path)
        func reply(_ response: AdminResponse) {
            answer(.admin(response), to: head, request: request, receivedAt: receivedAt, context: context)
        }
        if route.needsToken, let gate = environment.adminGate, !gate.admits(request.headers) {
            reply(gate.refusal)
            return
        }
        guard head.method == .GET || head.method == .HEAD else {
            var refusal = AdminFailure(status: 405, title: "Method \(request.method) is not allowed on \(request.path)")
                .response
            refusal.headers.set("Allow", "GET, HEAD")
            reply(refusal)
            return
        }
        switch route {
        case .redirectToPage:
            reply(AdminResponse(status: 308, headers: ["Location": DashboardRoute.prefix + "/"]))
        case .asset(let name):
            reply(DashboardAssets.response(for: name) ?? AdminFailure.notFound("No dashboard file \(name)").response)
        case .events:
            startDashboardFeed(head: head, context: context)
        case .session:
            let gate = environment.adminGate
            reply(
                .json([
                    "tokenRequired": .bool(gate != nil),
                    "tokenAccepted": .bool(gate?.admits(request.headers) ?? true),
                    // The Proxy tab, with the CA and the commands to trust it.
                    "forwardProxy": .bool(environment.configuration.forwardProxy != nil),
                    "interceptsTLS": .bool(environment.configuration.forwardProxy?.interception != nil)
                ]))
        case .nearMisses, .requestSummaries, .stubSources:
            // These read the whole journal or every stub: off the loop, like the admin API.
            let engine = environment.engine
            let loop = context.eventLoop
            let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
            environment.offLoop.submit {
                let response = DashboardData.response(for: route, engine: engine)
                loop.execute {
                    bound.value.handler.answer(
                        .admin(response), to: head, request: request, receivedAt: receivedAt,
                        context: bound.value.context)
                }
            }
        case .notFound:
            reply(AdminFailure.notFound("No dashboard route for \(request.path)").response)
        }
    }

    /// Sends the feed's head and a first `hello` event, then each batch the feed builds, until the
    /// client leaves or the server stops.
    private func startDashboardFeed(head: HTTPRequestHead, context: ChannelHandlerContext) {
        let builder = ResponseHeadBuilder(requestVersion: head.version, requestKeepAlive: head.allowsAnotherRequest)
        let rendered = builder.build(
            status: 200, statusMessage: nil,
            headers: [
                "Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"
            ],
            bodyLength: nil)
        guard head.method == .GET, connection.isResponding else {
            writeResponse(rendered, body: Data(), method: head.method, context: context) { _ in }
            return
        }
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        // Subscribed before the hello goes out: a page that acts on its hello (a request, a new
        // stub) must see the result, so the feed is watching the journal by then. Batches come
        // through `loop.execute`, so none can overtake the hello written below.
        let subscription = environment.dashboardFeed.subscribe { text in
            loop.execute { bound.value.handler.writeDashboardFeed(text, context: bound.value.context) }
        }
        context.write(wrapOutboundOut(.head(rendered.head)), promise: nil)
        let hello = DashboardEventText.event(
            "hello", ["journalCapacity": .int(environment.engine.journal.capacity)])
        context.writeAndFlush(
            wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: hello)))), promise: nil)
        lastActivity = .now()
        let registration = environment.streamingResponses.add {
            loop.execute { bound.value.handler.endDashboardFeed(context: bound.value.context) }
        }
        let heartbeat = loop.scheduleRepeatedTask(
            initialDelay: Self.dashboardHeartbeat, delay: Self.dashboardHeartbeat
        ) { _ in
            bound.value.handler.writeDashboardFeed(DashboardEventText.heartbeat, context: bound.value.context)
        }
        dashboardStream = DashboardStream(
            subscription: subscription, registration: registration, heartbeat: heartbeat,
            mustClose: rendered.mustClose)
        // The server is stopping already: no feed to keep open.
        if registration == nil { endDashboardFeed(context: context) }
    }

    private func writeDashboardFeed(_ text: String, context: ChannelHandlerContext) {
        guard dashboardStream != nil, context.channel.isActive else { return }
        guard context.channel.isWritable else {
            // A page that does not keep up loses batches, not the server's memory.
            dashboardStream?.missedBatch = true
            return
        }
        var text = text
        if dashboardStream?.missedBatch == true {
            dashboardStream?.missedBatch = false
            text = DashboardEventText.event("resync", [:]) + text
        }
        lastActivity = .now()
        context.writeAndFlush(
            wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: text)))), promise: nil)
    }

    /// Ends the feed's response: the server is stopping, or the client half-closed.
    func endDashboardFeed(context: ChannelHandlerContext) {
        guard let stream = takeDashboardStream() else { return }
        finishResponse(mustClose: stream.mustClose, context: context) { _ in }
    }

    /// The connection or stream is gone: stop feeding it.
    func dashboardFeedLostItsClient() {
        _ = takeDashboardStream()
    }

    private func takeDashboardStream() -> DashboardStream? {
        guard let stream = dashboardStream else { return nil }
        dashboardStream = nil
        stream.heartbeat?.cancel()
        environment.dashboardFeed.unsubscribe(stream.subscription)
        if let registration = stream.registration { environment.streamingResponses.remove(registration) }
        return stream
    }
}
