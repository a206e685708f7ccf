import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Drives WebSocket echo load: `connections` channels, each keeping `window` messages of
/// `size` bytes in flight, for `seconds`; returns the replies per second. Replies are counted by
/// bytes (every reply is one unmasked frame of the same size), so the client does little work.
enum EchoLoad {
    final class Tally: Sendable {
        let replies = Atomic<Int>(0)
    }

    static func run(port: Int, path: String, connections: Int, window: Int, size: Int, seconds: Double)
        async throws -> Double
    {
        let tally = Tally()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var channels: [any Channel] = []
        for _ in 0..<connections {
            let channel = try await ClientBootstrap(group: group)
                .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            EchoClient(path: path, window: window, size: size, tally: tally))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
            channels.append(channel)
        }
        try await Task.sleep(for: .milliseconds(500))  // handshakes and warm-up
        let start = tally.replies.load(ordering: .relaxed)
        let began = ContinuousClock.now
        try await Task.sleep(for: .seconds(seconds))
        let replies = tally.replies.load(ordering: .relaxed) - start
        let elapsed = ContinuousClock.now - began
        for channel in channels { try? await channel.close() }
        try await group.shutdownGracefully()
        let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(replies) / elapsedSeconds
    }

    /// One connection: the handshake, then `window` masked text frames out, and one more for
    /// every reply that comes back.
    final class EchoClient: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let path: String
        let window: Int
        let frame: [UInt8]
        let replyLength: Int
        let tally: Tally
        var upgraded = false
        var head: [UInt8] = []
        var partialReplyBytes = 0

        init(path: String, window: Int, size: Int, tally: Tally) {
            precondition(size < 126)
            self.path = path
            self.window = window
            self.tally = tally
            let mask: [UInt8] = [1, 2, 3, 4]
            let payload = [UInt8](repeating: 0x61, count: size)
            frame = [0x81, 0x80 | UInt8(size)] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
            replyLength = 2 + size
        }

        func channelActive(context: ChannelHandlerContext) {
            let handshake =
                "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: handshake)), promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            var bytes = buffer.readableBytes
            if !upgraded {
                head += buffer.readBytes(length: bytes) ?? []
                guard let end = head.indices.first(where: { head[$0...].starts(with: [13, 10, 13, 10]) }) else {
                    return
                }
                upgraded = true
                bytes = head.count - end - 4
                send(window, context: context)
            }
            partialReplyBytes += bytes
            let replies = partialReplyBytes / replyLength
            partialReplyBytes %= replyLength
            if replies > 0 {
                tally.replies.add(replies, ordering: .relaxed)
                send(replies, context: context)
            }
        }

        private func send(_ count: Int, context: ChannelHandlerContext) {
            var buffer = context.channel.allocator.buffer(capacity: frame.count * count)
            for _ in 0..<count { buffer.writeBytes(frame) }
            context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        }
    }
}
