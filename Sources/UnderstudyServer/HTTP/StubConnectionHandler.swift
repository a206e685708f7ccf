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

    enum State {
        /// Between requests.
        case idle
        /// A request head arrived; its body is being gathered.
        case receiving(HTTPRequestHead, ByteBuffer, receivedAt: NIODeadline)
        /// The request is complete; its response is being worked out, delayed or written.
        case responding
        /// The connection is finished: anything more the client sends is ignored.
        case closing
    }

    let environment: ConnectionEnvironment
    var state = State.idle
    /// The client half-closed while a response was in progress: close once it is written.
    var closeAfterResponse = false
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

    init(environment: ConnectionEnvironment, activity: ConnectionActivity = ConnectionActivity()) {
        self.environment = environment
        self.activity = activity
    }

    func handlerAdded(context: ChannelHandlerContext) {
        armIdleTimer(in: TimeAmount(environment.configuration.idleTimeout), context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        idleTimer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActivity = .now()
        switch (unwrapInboundIn(data), state) {
        case (.head(let head), .idle):
            receiveHead(head, context: context)
        case (.body(var chunk), .receiving(let head, var body, let receivedAt)):
            guard body.readableBytes + chunk.readableBytes <= environment.configuration.maxBodyBytes else {
                refuse(.payloadTooLarge, context: context)
                return
            }
            state = .responding  // drop the stored buffer's reference so the append does not copy
            body.writeBuffer(&chunk)
            state = .receiving(head, body, receivedAt: receivedAt)
        case (.end, .receiving(let head, let body, let receivedAt)):
            state = .responding
            if environment.isOffline() {
                // Offline: the request was sent but never answered, and reaches no journal.
                inject(.connectionResetByPeer, context: context) {}
                return
            }
            dispatch(head: head, body: body, receivedAt: receivedAt, context: context)
        case (.body(let chunk), _) where upload != nil:
            upload?.receive(chunk)
        case (.end, _) where upload != nil:
            upload?.end()
            upload = nil
        default:
            // Parts of a request refused earlier, or anything after the connection was given up.
            break
        }
    }

    private func receiveHead(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        // With Transfer-Encoding present, Content-Length is ignored (URLSession sends both).
        let chunked = head.headers.contains(name: "transfer-encoding")
        let declared = chunked ? nil : head.headers.first(name: "content-length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        // A large body bound for a proxy stub streams to the upstream as it arrives.
        if chunked || (declared ?? 0) > Self.streamUploadThreshold, streamUpload(head, declaredLength: declared, context: context) {
            return
        }
        // A body declared too large is refused before a byte of it is read.
        if let declared, declared > environment.configuration.maxBodyBytes {
            refuse(.payloadTooLarge, context: context)
            return
        }
        acknowledgeExpectContinue(head, context: context)
        state = .receiving(head, context.channel.allocator.buffer(capacity: 0), receivedAt: .now())
    }

    func acknowledgeExpectContinue(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        // `contains` first: the canonical form builds an array, and almost no request has the header.
        guard head.version == .http1_1, head.headers.contains(name: "expect") else { return }
        if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
        }
    }

    /// Answers with a bodiless error status and gives up on the connection without reading further.
    func refuse(_ status: HTTPResponseStatus, context: ChannelHandlerContext) {
        state = .closing
        environment.logger.info("Refused a request", metadata: ["status": "\(status.code)"])
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: ["Connection": "close", "Content-Length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        closeOutput(context: context)
    }

    /// Sends FIN once pending writes are out, so the client reads the whole answer even while it is
    /// still sending; the connection closes fully when the client closes, or at the idle timeout.
    func closeOutput(context: ChannelHandlerContext) {
        state = .closing
        context.close(mode: .output, promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case ChannelEvent.inputClosed:
            switch state {
            case .responding: closeAfterResponse = true
            case .idle:
                // Once the answers already queued are out: a client that half-closes straight
                // after its last request still reads the whole of a large answer.
                writeRawThenClose(context.channel.allocator.buffer(capacity: 0), context: context) { _ in }
            default: context.close(promise: nil)
            }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A body streaming upstream cannot end well now: the upstream request fails at once.
        upload?.abort("the request body was malformed or the connection failed: \(error)")
        upload = nil
        if error is HTTPParserError || error is RequestRefused {
            // NIO's error handler (or ours, for 431) has written the answer already.
            environment.logger.info("Rejected a malformed request", metadata: ["error": "\(error)"])
            closeOutput(context: context)
        } else {
            environment.logger.debug("Connection error", metadata: ["error": "\(error)"])
            state = .closing
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state = .closing
        upload?.abort("the client connection closed before the request body had ended")
        upload = nil
        idleTimer?.cancel()
        idleTimer = nil
        context.fireChannelInactive()
    }
}
