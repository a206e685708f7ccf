import Foundation
import NIOCore
import UnderstudyCore

/// Answers the common request straight from the bytes read, before NIO's HTTP handlers: a plain
/// HTTP/1.1 request (``PlainRequestParser``) whose stub needs nothing but its own response
/// (``StubEngine/decide(_:capabilities:now:accepting:)`` with ``Capabilities/atOnce``) that can go out as one buffer
/// (``PlainResponseEncoder``). That skips the decoder, the pipelining handler, the encoder and
/// the handler hops between them, which cost more than selecting and journalling a stub.
///
/// A miss is answered here too when its 404 is as cheap as a stub's answer (``Capabilities/atOnceWithQuickMisses``).
/// Everything else (admin calls, delays, faults, templates, proxies, other misses, odd or malformed
/// requests, a client that stops reading) is handed over with every byte not yet answered to
/// the general path behind it, which then serves the connection for the rest of its life. The
/// hand-over happens only between requests, and the answers written here are already in the
/// channel's queue, so responses keep request order. The journal, scenarios and response bytes
/// are the same either way: `FastPathAgreementTests` sends the same requests both ways.
final class PlainRequestFastPath: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let environment: ConnectionEnvironment
    private let activity: ConnectionActivity
    /// Serving, handed over to the general path, or stopping; and the start of a request still arriving.
    private var connection = PlainFastPathStateMachine()
    private var addresses: ConnectionAddresses?
    /// Picks, journals and encodes; keeps the last answer for a client that asks the same again.
    private var answerer = FastPathAnswerer<ByteBuffer>()
    static let largestKeptResponse = 4 * 1024

    init(environment: ConnectionEnvironment, activity: ConnectionActivity) {
        self.environment = environment
        self.activity = activity
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var input: ByteBuffer
        switch connection.read(unwrapInboundIn(data)) {
        case .ignore: return
        case .passOn: return context.fireChannelRead(data)
        case .parse(let bytes): input = bytes
        }
        activity.last = .now()
        let answered = answerPlainRequests(in: &input, context: context)
        // The rest is put away before the flush: a flush that fails makes NIO read what is left in
        // the socket at once, re-entering here, and those bytes must land behind these.
        if let rest = connection.rest(input) { context.fireChannelRead(wrapInboundOut(rest)) }
        if answered { context.flush() }
    }

    /// Answers whole plain requests from the front of `input` until it runs out or meets one that
    /// is not for this path. Returns whether anything was written.
    private func answerPlainRequests(in input: inout ByteBuffer, context: ChannelHandlerContext) -> Bool {
        let configuration = environment.configuration
        let maxBodyBytes = min(StubConnectionHandler.matchOnLoopBodyLimit, configuration.maxBodyBytes)
        var answered = false
        while input.readableBytes > 0 {
            // A client that does not read its answers gets the general path's handling of that.
            guard context.channel.isWritable else {
                connection.handOver()
                break
            }
            let outcome = input.withUnsafeReadableBytes {
                PlainRequestParser.parse($0, maxHeadBytes: configuration.maxHeaderBytes, maxBodyBytes: maxBodyBytes)
            }
            switch outcome {
            case .incomplete:
                _ = connection.incomplete()
            case .notPlain:
                connection.handOver()
            case .request(let plain):
                guard let response = answer(plain, in: input, context: context) else {
                    connection.handOver()
                    break
                }
                context.write(wrapOutboundOut(response), promise: nil)
                answered = true
                connection.answered()
                input.moveReaderIndex(forwardBy: plain.length)
                continue
            }
            break
        }
        return answered
    }

    /// The response for one plain request, journalled; nil when the general path must serve it
    /// (nothing is journalled then).
    private func answer(_ plain: PlainRequestParser.Request, in input: ByteBuffer, context: ChannelHandlerContext)
        -> ByteBuffer?
    {
        guard environment.route(plain.target) == .engine else { return nil }
        let receivedAt = NIODeadline.now()
        let addresses =
            self.addresses ?? ConnectionAddresses(channel: context.channel, environment: environment)
        self.addresses = addresses
        let body =
            plain.bodyLength == 0
            ? Data() : Data(input.readableBytesView.dropFirst(plain.bodyStart).prefix(plain.bodyLength))
        let request = LoggedRequest(
            method: plain.method, target: plain.target, protocolVersion: "HTTP/1.1", headers: plain.headers, body: body,
            clientIP: addresses.clientIP, boundHost: addresses.boundHost, boundPort: addresses.boundPort,
            scheme: environment.scheme, clientCertificateSubject: addresses.clientCertificateSubject,
            tunnelled: addresses.isTunnelled)
        let allocator = context.channel.allocator
        return answerer.answer(
            request, receivedAt: receivedAt, environment: environment, capabilities: .atOnceWithQuickMisses,
            canAnswer: PlainResponseEncoder.canEncode,
            encode: { PlainResponseEncoder.encode($0, allocator: allocator) },
            // Kept only when small: every open connection may hold one.
            keep: { $0.readableBytes <= Self.largestKeptResponse })
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent {
            // The general path reports a request cut short by the client's half-close.
            passOn(connection.inputEnded(), context: context)
        } else if event is ChannelShouldQuiesceEvent {
            switch connection.quiesce() {
            case .closeAfterQueuedWrites:
                context.writeRawThenClose(context.channel.allocator.buffer(capacity: 0))
                return
            case .handOver(let held):
                passOn(held, context: context)
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        passOn(connection.inputEnded(), context: context)
        context.fireChannelInactive()
    }

    /// Bytes of a request the general path now serves.
    private func passOn(_ held: ByteBuffer?, context: ChannelHandlerContext) {
        if let held { context.fireChannelRead(wrapInboundOut(held)) }
    }
}
