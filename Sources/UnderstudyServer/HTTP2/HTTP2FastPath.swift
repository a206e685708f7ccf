import NIOCore
import NIOHPACK
import NIOHTTP2
import UnderstudyCore

/// HTTP/2's counterpart of ``PlainRequestFastPath``: answers a bodiless request whose stub needs
/// nothing but its own response straight from the HEADERS frame, with HEADERS and DATA frames, on
/// the connection's own pipeline. That skips what costs most per stream: a child channel, NIO's
/// HTTP/2-to-HTTP/1 codec and a ``StubConnectionHandler`` of its own.
///
/// It sits between NIO's HTTP/2 handler and the stream multiplexer. Everything else (a request
/// with a body, admin and dashboard calls, misses, delays, faults, templates, gates, proxies,
/// offline, HEAD, a client that stops reading) goes on to the multiplexer untouched, and is
/// served as before. The journal, scenarios and the response a client sees are the same either
/// way: `HTTP2FastPathAgreementTests` sends the same requests both ways.
final class HTTP2FastPath: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias InboundOut = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// Bodies up to this size are answered here: a bigger one is left to the child channel's
    /// write buffering, which holds back a client that does not read.
    static let largestAnsweredBody = 16 * 1024

    private let environment: ConnectionEnvironment
    private let addresses: ConnectionAddresses
    /// Streams answered here that NIO has not reported closed: their late frames (a
    /// WINDOW_UPDATE, a RST_STREAM) are for no child channel, so they end here.
    private var answered: Set<HTTP2StreamID> = []
    private var wroteSinceFlush = false
    /// Picks, journals and encodes; keeps the last answer for a client that asks the same again.
    private var answerer = FastPathAnswerer<HTTP2ResponseFrames>()

    init(environment: ConnectionEnvironment, addresses: ConnectionAddresses) {
        self.environment = environment
        self.addresses = addresses
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if case .headers(let headers) = frame.payload, headers.endStream, context.channel.isWritable,
            let response = answer(headers.headers, context: context)
        {
            for outbound in response.frames(on: frame.streamID) {
                context.write(wrapOutboundOut(outbound), promise: nil)
            }
            answered.insert(frame.streamID)
            wroteSinceFlush = true
            return
        }
        if !answered.isEmpty, answered.contains(frame.streamID) { return }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if wroteSinceFlush {
            wroteSinceFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let closed = event as? StreamClosedEvent { answered.remove(closed.streamID) }
        context.fireUserInboundEventTriggered(event)
    }

    /// A stub whose answer is fixed bytes of a size this path writes at once.
    static func canAnswer(_ stub: StubMapping) -> Bool {
        guard let size = stub.inlineBodyByteCount, size <= largestAnsweredBody else { return false }
        return PlainResponseEncoder.canEncode(stub)
    }

    /// The frames for one request, journalled; nil when the general path must serve it (nothing
    /// is journalled then).
    private func answer(_ block: HPACKHeaders, context: ChannelHandlerContext) -> HTTP2ResponseFrames? {
        guard let request = HTTP2RequestHeaders.request(block, addresses: addresses, scheme: environment.scheme),
            request.method != "HEAD", environment.route(request.url) == .engine
        else { return nil }
        let receivedAt = NIODeadline.now()
        let allocator = context.channel.allocator
        return answerer.answer(
            request, receivedAt: receivedAt, environment: environment, canAnswer: Self.canAnswer,
            encode: { HTTP2ResponseFrames($0, allocator: allocator) },
            // Bodies here are at most 16 KiB (``canAnswer(_:)``), so every answer is kept.
            keep: { _ in true })
    }
}
