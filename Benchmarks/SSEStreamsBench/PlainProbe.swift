import NIOCore
import NIOPosix

/// Asks for a plain stub `count` times, one after another on one keep-alive connection, and
/// returns each round trip in microseconds: is the server still answering while it streams?
final class PlainProbe: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let count: Int
    private let done: EventLoopPromise<[Double]>
    private var sentAt: UInt64 = 0
    private var times: [Double] = []
    private var received: [UInt8] = []

    init(count: Int, done: EventLoopPromise<[Double]>) {
        self.count = count
        self.done = done
    }

    static func run(port: Int, count: Int, group: any EventLoopGroup) async throws -> [Double] {
        let done = group.next().makePromise(of: [Double].self)
        let channel = try await ClientBootstrap(group: done.futureResult.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PlainProbe(count: count, done: done))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let times = try await done.futureResult.get()
        try? await channel.close()
        return times
    }

    func channelActive(context: ChannelHandlerContext) {
        ask(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received.append(contentsOf: unwrapInboundIn(data).readableBytesView)
        // The answer is small and fixed: complete once its body ("Hello, world!") is in.
        guard received.count >= 13, received.suffix(13).elementsEqual("Hello, world!".utf8) else { return }
        received.removeAll(keepingCapacity: true)
        times.append(Double(NIODeadline.now().uptimeNanoseconds - sentAt) / 1_000)
        if times.count == count {
            done.succeed(times)
        } else {
            ask(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.fail(ChannelError.ioOnClosedChannel)
    }

    private func ask(context: ChannelHandlerContext) {
        sentAt = NIODeadline.now().uptimeNanoseconds
        context.writeAndFlush(
            wrapOutboundOut(ByteBuffer(string: "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")), promise: nil)
    }
}
