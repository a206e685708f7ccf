import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

/// Reads one request at a time from a connection, hands it to the engine or the admin API,
/// and writes back what they decide.
///
/// NIO's pipelining handler sits in front, so the next pipelined request only arrives once the
/// response to this one has ended: answers come out in order by construction.
final class StubConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let environment: ConnectionEnvironment
    /// Serves one HTTP/2 stream (behind NIO's HTTP/2-to-HTTP/1 codec) rather than a connection:
    /// closing means ending the stream, and faults break the stream (see ``injectOnStream``).
    let isHTTP2Stream: Bool
    /// Where the connection is between requests, and what each event makes of it.
    var connection = HTTP1ConnectionStateMachine()
    /// Worked out at the first request (see ``ConnectionAddresses``).
    var addresses: ConnectionAddresses?
    /// How many answers are being written inside one another: a burst of pipelined requests
    /// answered on the event loop would otherwise recurse once per request (see `dispatch`).
    var nestedAnswers = 0
    /// When a request part last arrived or a response last went out (see ``armIdleTimer``).
    let activity: ConnectionActivity
    var lastActivity: NIODeadline {
        get { activity.last }
        set { activity.last = newValue }
    }
    var idleTimer: Scheduled<Void>?
    /// A request body streaming to a proxy stub's upstream (StubConnectionHandler+Upload.swift).
    var upload: RequestUpload?
    /// A large response body waiting for the channel to take more (StubConnectionHandler+PacedBody.swift).
    var pacedBody: PacedBody?
    /// A body going out over time: dribbled, in chunks, or as server-sent events
    /// (StubConnectionHandler+TimedBody.swift).
    var timedBody: LiveTimedBody?
    /// The dashboard's live feed, while this request is one (Dashboard/StubConnectionHandler+DashboardFeed.swift).
    var dashboardStream: DashboardStream?
    /// What the framing scanner took out of each head for NIO's decoder, put back as each arrives;
    /// nil on an HTTP/2 stream, which has no scanner.
    let setAside: SetAsideHeads?

    /// - Parameter addresses: the connection's ends when already worked out (an HTTP/2
    ///   connection's streams share them); otherwise found at the first request.
    init(
        environment: ConnectionEnvironment, activity: ConnectionActivity = ConnectionActivity(),
        isHTTP2Stream: Bool = false, addresses: ConnectionAddresses? = nil, setAside: SetAsideHeads? = nil
    ) {
        self.environment = environment
        self.setAside = setAside
        self.isHTTP2Stream = isHTTP2Stream
        self.activity = activity
        self.addresses = addresses
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // A stream's timer is armed only once it waits on the client (``armStreamIdleTimerIfWaiting``):
        // most streams are answered within the read that opened them, and a timer per stream, set
        // and cancelled, cost more than the rest of the request did.
        if !isHTTP2Stream { armIdleTimer(in: TimeAmount(environment.configuration.idleTimeout), context: context) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if isHTTP2Stream { armStreamIdleTimerIfWaiting(context: context) }
        context.fireChannelReadComplete()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        idleTimer = nil
        timedBodyLostItsClient()
        dashboardFeedLostItsClient()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActivity = .now()
        var part = unwrapInboundIn(data)
        if case .head(let head) = part, let taken = setAside?.next() { part = .head(taken.restore(head)) }
        let action = connection.receive(
            part, maxBodyBytes: environment.configuration.maxBodyBytes, uploading: upload != nil)
        // A forward proxy's tunnel (never one inside another: that CONNECT is answered as a request).
        if case .dispatch(let head, _, _) = action, head.method == .CONNECT, !isHTTP2Stream,
            environment.tunnel == nil, let mode = environment.configuration.forwardProxy
        {
            openTunnel(head, mode: mode, context: context)
            return
        }
        switch action {
        case .receiveHead(let head):
            receiveHead(head, context: context)
        case .refuseTooLarge:
            refuse(.payloadTooLarge, context: context)
        case .dispatch(let head, let body, let receivedAt):
            let request = loggedRequest(head, body: body, context: context)
            let route = environment.route(request.url)
            // `contains` first: almost no request asks to upgrade.
            // h2c is cleartext only (RFC 7540 §3.2); over TLS, ALPN chose already.
            if route == .offline {
                // The request was sent but never answered, and reaches no journal.
                inject(.connectionResetByPeer, context: context) {}
            } else if !isHTTP2Stream, environment.scheme == "http", head.headers.contains(name: "upgrade"),
                let upgrade = H2CUpgrade(
                    head: head, bodyLength: body.readableBytes, allocator: context.channel.allocator)
            {
                upgradeToHTTP2(upgrade, context: context)
            } else if !isHTTP2Stream, head.headers.contains(name: "upgrade"),
                WebSocketHandshake.isRequested(head)
            {
                upgradeToWebSocket(request, route: route, head: head, receivedAt: receivedAt, context: context)
            } else {
                dispatch(request, route: route, head: head, receivedAt: receivedAt, context: context)
            }
        case .forwardToUpload(let chunk):
            upload?.receive(chunk)
        case .endUpload:
            upload?.end()
            upload = nil
        case .ignore:
            break
        }
    }

    private func receiveHead(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        // With Transfer-Encoding present, Content-Length is ignored (URLSession sends both).
        let chunked = head.headers.contains(name: "transfer-encoding")
        let declared =
            chunked
            ? nil : head.headers.first(name: "content-length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        // A large body bound for a proxy stub streams to the upstream as it arrives.
        if chunked || (declared ?? 0) > Self.streamUploadThreshold,
            streamUpload(head, declaredLength: declared, context: context)
        {
            return
        }
        // A body declared too large is refused before a byte of it is read.
        if let declared, declared > environment.configuration.maxBodyBytes {
            refuse(.payloadTooLarge, context: context)
            return
        }
        acknowledgeExpectContinue(head, context: context)
        connection.gatherBody(of: head, receivedAt: .now(), allocator: context.channel.allocator)
    }

    func acknowledgeExpectContinue(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        // `contains` first: the canonical form builds an array, and almost no request has the header.
        guard head.version == .http1_1, head.headers.contains(name: "expect") else { return }
        if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
            context.writeAndFlush(
                wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
        }
    }

    /// Answers with a bodiless error status and gives up on the connection without reading further.
    func refuse(_ status: HTTPResponseStatus, context: ChannelHandlerContext) {
        connection.giveUp()
        environment.logger.info("Refused a request", metadata: ["status": "\(status.code)"])
        let head = HTTPResponseHead(
            version: .http1_1, status: status, headers: ["Connection": "close", "Content-Length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        closeOutput(context: context)
    }

    /// Sends FIN once pending writes are out, so the client reads the whole answer even while it is
    /// still sending; the connection closes fully when the client closes, or at the idle timeout.
    func closeOutput(context: ChannelHandlerContext) {
        connection.giveUp()
        // A stream has no half of its own to close: ending it is the whole of it.
        if isHTTP2Stream {
            context.close(promise: nil)
            return
        }
        context.close(mode: .output, promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case ChannelEvent.inputClosed:
            switch connection.inputClosed() {
            case .closeAfterResponse:
                // An event stream or chunked stream whose client hung up ends here.
                timedBodyClientClosed(context: context)
                endDashboardFeed(context: context)
            case .closeAfterQueuedWrites:
                writeRawThenClose(context.channel.allocator.buffer(capacity: 0), context: context) { _ in }
            case .close:
                context.close(promise: nil)
            }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A body streaming upstream cannot end well now: the upstream request fails at once.
        upload?.abort("the request body was malformed or the connection failed: \(error)")
        upload = nil
        switch connection.errorCaught(isMalformedRequest: error is HTTPParserError || error is RequestRefused) {
        case .closeOutput:
            environment.logger.info("Rejected a malformed request", metadata: ["error": "\(error)"])
            closeOutput(context: context)
        case .close:
            environment.logger.debug("Connection error", metadata: ["error": "\(error)"])
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.becameInactive()
        pacedBody?.completed(.failure(ChannelError.ioOnClosedChannel))
        pacedBody = nil
        timedBodyLostItsClient()
        dashboardFeedLostItsClient()
        upload?.abort("the client connection closed before the request body had ended")
        upload = nil
        idleTimer?.cancel()
        idleTimer = nil
        context.fireChannelInactive()
    }
}
