import NIOCore
import NIOPosix

/// A plain TCP client for looking at exactly what the server puts on the wire.
final class RawConnection {
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let writer: NIOAsyncChannelOutboundWriter<ByteBuffer>
    /// Bytes read but not yet consumed by a parse.
    private(set) var pending: [UInt8] = []

    private init(
        iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        writer: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.iterator = iterator
        self.writer = writer
    }

    /// Connects to 127.0.0.1:`port`, runs `body`, then closes.
    static func with<T>(port: Int, _ body: (RawConnection) async throws -> T) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
                        wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            let connection = RawConnection(iterator: inbound.makeAsyncIterator(), writer: outbound)
            return try await body(connection)
        }
    }

    func send(_ text: String) async throws {
        try await writer.write(ByteBuffer(string: text))
    }

    func send(bytes: [UInt8]) async throws {
        try await writer.write(ByteBuffer(bytes: bytes))
    }

    /// The writing half, for a task that sends while the test reads.
    var outbound: NIOAsyncChannelOutboundWriter<ByteBuffer> { writer }

    /// Half-closes our side, as `shutdown(SHUT_WR)` would.
    func finishSending() {
        writer.finish()
    }

    /// Reads once more; false at end of stream.
    @discardableResult
    func readMore() async throws -> Bool {
        guard let buffer = try await iterator.next() else { return false }
        pending += buffer.readableBytesView
        return true
    }

    /// Everything until the server closes, or the error that ended the stream.
    func readToEnd() async -> (bytes: [UInt8], error: (any Error)?) {
        do {
            while try await readMore() {}
            return (take(pending.count), nil)
        } catch {
            return (take(pending.count), error)
        }
    }

    /// The next whole response; nil if the connection ends first.
    func readResponse(toHEAD: Bool = false) async throws -> RawResponse? {
        while true {
            if let (response, used) = RawResponse.parse(pending, bodyless: toHEAD) {
                _ = take(used)
                return response
            }
            guard try await readMore() else { return nil }
        }
    }

    /// The exact bytes of the next whole response; nil if the connection ends first.
    func readResponseBytes(toHEAD: Bool = false) async throws -> [UInt8]? {
        while true {
            if let (_, used) = RawResponse.parse(pending, bodyless: toHEAD) { return take(used) }
            guard try await readMore() else { return nil }
        }
    }

    func take(_ count: Int) -> [UInt8] {
        let taken = Array(pending.prefix(count))
        pending.removeFirst(min(count, pending.count))
        return taken
    }
}
