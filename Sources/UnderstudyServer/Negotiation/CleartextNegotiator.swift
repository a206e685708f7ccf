import NIOCore

/// The only handler of a new cleartext connection: it reads the first bytes and installs one
/// protocol's pipeline behind itself. A client that starts with the HTTP/2 connection preface
/// (prior knowledge, RFC 9113 §3.3: `curl --http2-prior-knowledge`, gRPC) gets ``HTTP2Pipeline``;
/// anything else ``HTTP1Pipeline``. Then it hands on what it read and leaves, so requests never
/// pass through it.
///
/// Until it has decided, it keeps the connection's idle time-out itself: a client that connects
/// and sends nothing, or only the start of a preface, is closed as an idle HTTP/1.1 one would be.
final class CleartextNegotiator: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    enum Verdict: Equatable {
        case http2, http1, undecided
    }

    /// Whether `bytes` (everything read so far) start with the preface, cannot, or might yet.
    static func verdict(_ bytes: ByteBufferView) -> Verdict {
        let compared = min(bytes.count, preface.count)
        guard bytes.prefix(compared).elementsEqual(preface.prefix(compared)) else { return .http1 }
        return compared == preface.count ? .http2 : .undecided
    }

    private let environment: ConnectionEnvironment
    /// The start of a preface that arrived in pieces.
    private var held: ByteBuffer?
    /// Decided: anything that still reaches this handler goes straight on (a read can arrive from
    /// inside our own hand-over, when a flush behind us fails and NIO reads what is left).
    private var decided = false
    private var idleTimer = UndecidedIdleTimer()

    init(environment: ConnectionEnvironment) {
        self.environment = environment
    }

    func handlerAdded(context: ChannelHandlerContext) {
        idleTimer.arm(context, timeout: environment.configuration.idleTimeout)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleTimer.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !decided else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        guard bytes.readableBytes > 0 else { return }
        if var earlier = held {
            earlier.writeBuffer(&bytes)
            bytes = earlier
        }
        held = bytes
        switch Self.verdict(bytes.readableBytesView) {
        case .undecided:
            return
        case .http1:
            install(.http1, context: context)
        case .http2:
            install(.http2, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Until a protocol is installed there is nobody behind to tell.
        if decided { context.fireChannelReadComplete() }
    }

    /// A client that half-closes or leaves having sent part of a preface: HTTP/1.1 handles what
    /// was read (and refuses it), as it would have without the preface's first bytes. One that
    /// half-closes having sent nothing is closed; one that leaves, forgotten.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if !decided, held != nil {
            install(.http1, context: context)
        } else if !decided, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !decided, held != nil { install(.http1, context: context) }
        context.fireChannelInactive()
    }

    /// Installs one protocol's handlers behind this one, hands them what was read, and leaves.
    private func install(_ verdict: Verdict, context: ChannelHandlerContext) {
        decided = true
        idleTimer.cancel()
        do {
            if verdict == .http2 {
                // For the one fault that breaks the connection, as on the other ways into HTTP/2.
                try context.pipeline.syncOperations.addHandler(RawBytesWriter())
                try HTTP2Pipeline.configure(context.channel, environment: environment)
            } else {
                try HTTP1Pipeline.configure(context.channel, environment: environment)
            }
        } catch {
            context.fireErrorCaught(error)
            context.close(promise: nil)
            return
        }
        let bytes = held
        held = nil
        if let bytes { context.fireChannelRead(wrapInboundOut(bytes)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
