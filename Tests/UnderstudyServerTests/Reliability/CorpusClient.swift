import NIOCore
import NIOPosix

/// What one bad request got back.
struct CorpusExchange: Sendable {
    /// Every byte the server sent.
    var received: [UInt8]
    /// The server closed (FIN or reset) before the deadline.
    var closedByServer: Bool
}

/// Sends one ``BadRequest`` on its own connection and collects everything until the server
/// closes or the per-connection deadline passes (which the verdict calls a hang).
enum CorpusClient {
    static func exchange(_ request: BadRequest, port: Int, deadline: TimeAmount) async throws -> CorpusExchange {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let done = loop.makePromise(of: CorpusExchange.self)
        let channel = try await ClientBootstrap(group: loop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteCollector(done: done))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let timer = loop.scheduleTask(in: deadline) {
            done.succeed(CorpusExchange(received: [], closedByServer: false))
            channel.close(promise: nil)
        }
        for piece in request.writes {
            // A refusal may close the server's side while we are still writing: that is allowed.
            do { try await channel.writeAndFlush(ByteBuffer(bytes: piece)).get() } catch { break }
        }
        switch request.ending {
        case .halfClose:
            try? await channel.close(mode: .output).get()
        case .reset:
            // SO_LINGER with a zero time-out turns close into a TCP reset.
            if let provider = channel as? SocketOptionProvider {
                try? await provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            }
            try? await channel.close().get()
        case .leaveOpen:
            break
        }
        let exchange = try await done.futureResult.get()
        timer.cancel()
        try? await channel.close().get()
        return exchange
    }
}

/// Collects a connection's inbound bytes; completes once the server closes or the channel goes away.
private final class ByteCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let done: EventLoopPromise<CorpusExchange>
    private var received: [UInt8] = []

    init(done: EventLoopPromise<CorpusExchange>) {
        self.done = done
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += unwrapInboundIn(data).readableBytesView
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            finish()
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A reset from the server is a close, too.
        finish()
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    private func finish() {
        // NIO ignores every completion after the first, so the deadline and the close may race.
        done.completeWith(.success(CorpusExchange(received: received, closedByServer: true)))
    }
}
