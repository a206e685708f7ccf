import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

extension StubConnectionHandler {
    /// Carries out a proxy stub: the forwarder sends the request upstream off the event loop and
    /// the answer streams back to this connection part by part as it arrives (see ``ProxyRelay``).
    /// With an `upload`, the request body goes upstream as it arrives from the client.
    func proxy(
        _ decision: ServeDecision, to head: HTTPRequestHead, request: LoggedRequest, receivedAt: NIODeadline,
        context: ChannelHandlerContext,
        upload: RequestUpload? = nil
    ) {
        guard let settings = decision.proxy, let forwarder = environment.proxy else {
            answer(
                .stub(ProxyExchange.unavailable(decision)), to: head, request: request, receivedAt: receivedAt,
                context: context)
            return
        }
        var outbound = ProxyRequest(forwarding: request, settings: settings)
        if decision.stub == nil, ForwardProxyLoop.leadsBack(request, channel: context.channel, environment: environment)
        {
            upload?.abort("the request would be passed through to this server")
            answer(
                .stub(ProxyExchange.loop(decision, upstreamURL: outbound.url)), to: head, request: request,
                receivedAt: receivedAt, context: context)
            return
        }
        outbound.streamedBody = upload?.body
        let relay = ProxyRelay(
            handler: self, context: context, requestHead: head, request: request, decision: decision,
            upstreamURL: outbound.url,
            receivedAt: receivedAt, upload: upload)
        let loop = context.eventLoop
        let delay = decision.delay
        Task {
            // The stub's delay, on the loop's timer; the upstream is asked once it has passed.
            if delay > .zero { try? await loop.scheduleTask(in: TimeAmount(delay)) {}.futureResult.get() }
            do {
                try await forwarder.stream(outbound, to: relay)
                relay.finish()
            } catch {
                relay.fail(error)
            }
        }
    }
}

/// Writes a proxied answer to the client connection as it arrives from the upstream.
///
/// Each part is handed back to the forwarder only once the socket has taken it, so a slow client
/// slows the reading from the upstream. The journal gets the answer (body captured up to the
/// server's `maxBodyBytes`, see ``ProxiedBodyCapture``) before the write that lets the client see
/// it complete (the end, the last byte of a `Content-Length` body, or the head of a bodiless
/// answer), so a recording stopped as soon as the client has its answer still holds it.
final class ProxyRelay: ProxyResponseReceiver {
    private struct State {
        var capture: ProxiedBodyCapture
        /// Set once the head has gone out: after that, a failure can only close the connection.
        var rendered: ResponseHeadBuilder.Result?
        var status = 0
        var headers = HeaderFields()
        var headSentAt: NIODeadline?
        /// The body length the client was promised (the upstream's `Content-Length`; 0 for a bodiless answer).
        var promisedLength: Int?
        var journalled = false
    }

    /// The client closed, or the connection gave up, while the answer was streaming.
    struct ClientGone: Error, CustomStringConvertible {
        var description: String { "the client connection closed before the answer was complete" }
    }

    private let handler: NIOLoopBound<StubConnectionHandler>
    private let context: NIOLoopBound<ChannelHandlerContext>
    private let state: NIOLoopBoundBox<State>
    private let loop: any EventLoop
    private let requestHead: HTTPRequestHead
    private let request: LoggedRequest
    private let decision: ServeDecision
    private let upstreamURL: String
    private let receivedAt: NIODeadline
    /// The request body still streaming upstream, if it streams: its request is journalled
    /// before the answer's completion, as a completion needs its request in the journal.
    private let upload: NIOLoopBound<RequestUpload>?

    init(
        handler: StubConnectionHandler, context: ChannelHandlerContext, requestHead: HTTPRequestHead,
        request: LoggedRequest,
        decision: ServeDecision, upstreamURL: String, receivedAt: NIODeadline, upload: RequestUpload? = nil
    ) {
        loop = context.eventLoop
        self.handler = NIOLoopBound(handler, eventLoop: loop)
        self.context = NIOLoopBound(context, eventLoop: loop)
        state = NIOLoopBoundBox(
            State(capture: ProxiedBodyCapture(limit: handler.environment.configuration.maxBodyBytes)), eventLoop: loop)
        self.requestHead = requestHead
        self.request = request
        self.decision = decision
        self.upstreamURL = upstreamURL
        self.receivedAt = receivedAt
        self.upload = upload.map { NIOLoopBound($0, eventLoop: context.eventLoop) }
    }

    func receiveHead(status: Int, headers: HeaderFields) async throws {
        try await loop.flatSubmit { self.writeHead(status: status, headers: headers) }.get()
    }

    func receiveBodyPart(_ part: ByteBuffer) async throws {
        try await loop.flatSubmit { self.writeBody(part) }.get()
    }

    /// The upstream's body has ended: journal the exchange, then end the response.
    func finish() {
        loop.execute {
            guard let rendered = self.state.value.rendered else {
                self.failOnLoop(ProxyFailure.badGateway("the forwarder returned without an answer"))
                return
            }
            let handler = self.handler.value
            guard handler.connection.isResponding else {
                // A client that closed once it had every promised byte left nothing broken.
                if !self.state.value.journalled { self.journal(broken: ClientGone().description) }
                return
            }
            if !self.state.value.journalled { self.journal(broken: nil) }
            handler.finishResponse(mustClose: rendered.mustClose, context: self.context.value) { _ in }
        }
    }

    /// Before the head: the client gets a 502 or 504. After it: the status is out already, so
    /// the connection closes, and the journal says the body broke off.
    func fail(_ error: any Error) {
        loop.execute { self.failOnLoop(error) }
    }

    private func failOnLoop(_ error: any Error) {
        let handler = self.handler.value
        let logger = handler.environment.logger
        guard state.value.rendered != nil else {
            logger.warning("Proxying \(request.method) \(request.url) to \(upstreamURL) failed: \(error)")
            upload?.value.journalRequest()
            let failed = ProxyExchange.failed(decision, upstreamURL: upstreamURL, error: error)
            handler.answer(
                .stub(failed), to: requestHead, request: request, receivedAt: receivedAt, context: context.value)
            return
        }
        if !state.value.journalled { journal(broken: String(describing: error)) }
        guard handler.connection.isResponding else { return }
        logger.warning(
            "Proxying \(request.method) \(request.url) to \(upstreamURL) broke off mid-body: \(error); closing the connection"
        )
        handler.connection.giveUp()
        context.value.close(promise: nil)
    }

    private func writeHead(status: Int, headers upstream: HeaderFields) -> EventLoopFuture<Void> {
        let handler = self.handler.value
        guard handler.connection.isResponding else { return loop.makeFailedFuture(ClientGone()) }
        let headers = ProxyExchange.clientHeaders(upstream, stub: decision.stub)
        let builder = ResponseHeadBuilder(
            requestVersion: requestHead.version, requestKeepAlive: requestHead.allowsAnotherRequest)
        let rendered = builder.build(status: status, statusMessage: nil, headers: headers, bodyLength: nil)
        let bodiless = !rendered.allowsBody || requestHead.method == .HEAD
        state.withValue { state in
            state.rendered = rendered
            state.status = status
            state.headers = headers
            state.headSentAt = .now()
            state.promisedLength =
                bodiless ? 0 : headers.first("Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        if state.value.promisedLength == 0 { journal(broken: nil) }
        handler.environment.logger.info("\(request.method) \(request.url) → \(status) proxied from \(upstreamURL)")
        let promise = loop.makePromise(of: Void.self)
        if ResponseHeadBuilder.isInterim(rendered.head.status) {
            // A stray 1xx goes out raw as the last thing on the connection; any body is dropped.
            handler.writeResponse(rendered, body: Data(), method: requestHead.method, context: context.value) { _ in }
            promise.succeed()
        } else {
            context.value.writeAndFlush(handler.wrapOutboundOut(.head(rendered.head)), promise: promise)
        }
        return promise.futureResult
    }

    private func writeBody(_ part: ByteBuffer) -> EventLoopFuture<Void> {
        let handler = self.handler.value
        guard handler.connection.isResponding, let rendered = state.value.rendered else {
            return loop.makeFailedFuture(ClientGone())
        }
        state.value.capture.add(part)
        guard rendered.allowsBody, requestHead.method != .HEAD else { return loop.makeSucceededVoidFuture() }
        if let promised = state.value.promisedLength, state.value.capture.total >= promised, !state.value.journalled {
            journal(broken: nil)
        }
        let promise = loop.makePromise(of: Void.self)
        context.value.writeAndFlush(handler.wrapOutboundOut(.body(.byteBuffer(part))), promise: promise)
        return promise.futureResult
    }

    /// Completes the journal entry with what was sent and how much of its body was kept.
    private func journal(broken: String?) {
        let now = NIODeadline.now()
        upload?.value.journalRequest()
        state.value.journalled = true
        let state = self.state.value
        let headSentAt = state.headSentAt ?? now
        let timing = ServeTiming(
            addedDelay: Int(decision.delay / .milliseconds(1)),
            processTime: StubConnectionHandler.milliseconds(headSentAt - receivedAt),
            responseSendTime: StubConnectionHandler.milliseconds(now - headSentAt))
        let response = LoggedResponse(status: state.status, headers: state.headers, body: state.capture.data)
        handler.value.environment.engine.journal.complete(
            decision.eventID, response: response, timing: timing, subEvents: state.capture.subEvents(broken: broken))
    }
}
