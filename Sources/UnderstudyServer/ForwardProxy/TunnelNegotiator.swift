import NIOCore

/// The only handler of a `CONNECT` tunnel once it is open: it reads the client's first bytes
/// and installs what serves them behind itself, then hands them on and leaves.
///
/// - A TLS handshake (a record of type 22) is intercepted: the server completes it with a
///   certificate for the tunnel's host (``TunnelInterception``), and ALPN picks HTTP/2 or
///   HTTP/1.1 as on the HTTPS listener. Requests are then journalled as `https` to that host.
/// - Anything else is read as cleartext HTTP (HTTP/1.1, or HTTP/2 with prior knowledge), as sent
///   to the tunnel's host over `http`: some clients tunnel plain HTTP (WireMock #1970).
///
/// A client that sends nothing is closed at the server's idle time-out.
final class TunnelNegotiator: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The first byte of a TLS record carrying a handshake message (RFC 8446 §5.1).
    static let tlsHandshakeRecord: UInt8 = 0x16

    private let target: TunnelTarget
    private let mode: ForwardProxyMode
    private let environment: ConnectionEnvironment
    private var decided = false
    private var idleTimer = UndecidedIdleTimer()

    init(target: TunnelTarget, mode: ForwardProxyMode, environment: ConnectionEnvironment) {
        self.target = target
        self.mode = mode
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
        let bytes = unwrapInboundIn(data)
        guard let first = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) else { return }
        decided = true
        idleTimer.cancel()
        do {
            if first == Self.tlsHandshakeRecord {
                guard let interception = mode.interception else {
                    environment.logger.warning(
                        "A CONNECT tunnel to \(target.host):\(target.port) began a TLS handshake, and this proxy has no CA to intercept it with: give the server one (understudy serve --proxy-mode with --https-ca and --https-ca-key, or let it generate one)"
                    )
                    context.close(promise: nil)
                    return
                }
                // As on the HTTPS listener: a reset (a fault, going offline, a stop) closes the
                // socket itself, not through a TLS shutdown that waits for the client's answer.
                try context.pipeline.syncOperations.addHandler(SocketEndCloser())
                try interception.addTLSHandler(to: context.channel, forHost: target.certificateName)
                try ConnectionPipeline.configureAfterTLS(
                    context.channel, environment: environment.inside(target, scheme: "https", tls: nil))
            } else {
                try ConnectionPipeline.configure(
                    context.channel, environment: environment.inside(target, scheme: "http", tls: nil))
            }
        } catch {
            environment.logger.info(
                "Could not serve a CONNECT tunnel", metadata: ["target": "\(target.host)", "error": "\(error)"])
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if decided { context.fireChannelReadComplete() }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if !decided, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
