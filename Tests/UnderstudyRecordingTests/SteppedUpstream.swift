import NIOCore
import NIOHTTP1
import NIOPosix

/// An upstream that answers each request with the head and `first`, then sends nothing more
/// until the test calls ``release()``: then `rest` and the end, or (``breakOff``) a close
/// mid-body. A client that holds `first` before the release got it streamed.
final class SteppedUpstream: Sendable {
    enum Framing: Sendable, CaseIterable {
        case contentLength, chunked
    }

    private let channel: any Channel
    private let gate: EventLoopPromise<Void>

    var port: Int { channel.localAddress?.port ?? 0 }
    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init(channel: any Channel, gate: EventLoopPromise<Void>) {
        self.channel = channel
        self.gate = gate
    }

    static func start(first: String, rest: String, framing: Framing, breakOff: Bool = false) async throws
        -> SteppedUpstream
    {
        let group = MultiThreadedEventLoopGroup.singleton
        let gate = group.any().makePromise(of: Void.self)
        let script = Script(first: first, rest: rest, framing: framing, breakOff: breakOff, gate: gate.futureResult)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(script: script))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return SteppedUpstream(channel: channel, gate: gate)
    }

    /// Lets the upstream send the rest of its body (or break off).
    func release() {
        gate.succeed()
    }

    func stop() async throws {
        gate.succeed()
        try await channel.close()
    }

    private struct Script: Sendable {
        var first: String
        var rest: String
        var framing: Framing
        var breakOff: Bool
        var gate: EventLoopFuture<Void>
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let script: Script

        init(script: Script) {
            self.script = script
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/plain")
            switch script.framing {
            case .contentLength:
                headers.add(name: "Content-Length", value: String(script.first.utf8.count + script.rest.utf8.count))
            case .chunked: headers.add(name: "Transfer-Encoding", value: "chunked")
            }
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil
            )
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: script.first)))), promise: nil)
            let bound = NIOLoopBound((context: context, handler: self), eventLoop: context.eventLoop)
            let script = self.script
            script.gate.hop(to: context.eventLoop).whenSuccess {
                let (context, handler) = bound.value
                if script.breakOff {
                    context.close(promise: nil)
                    return
                }
                context.write(
                    handler.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: script.rest)))), promise: nil)
                context.writeAndFlush(handler.wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}

/// A plain TCP client, to see exactly when bytes arrive.
final class RawClient {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    /// Everything read so far.
    private(set) var received: [UInt8] = []

    private init(
        inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.inbound = inbound
        self.outbound = outbound
    }

    var text: String { String(decoding: received, as: UTF8.self) }

    static func with<T>(port: Int, _ body: (RawClient) async throws -> T) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await body(RawClient(inbound: inbound.makeAsyncIterator(), outbound: outbound))
        }
    }

    func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// Reads until what was received contains `marker`; false if the connection ended first.
    func read(until marker: String) async throws -> Bool {
        while !text.contains(marker) {
            guard let buffer = try await inbound.next() else { return false }
            received += buffer.readableBytesView
        }
        return true
    }

    /// Reads until the server closes (or the connection fails).
    func readToEnd() async {
        do {
            while let buffer = try await inbound.next() { received += buffer.readableBytesView }
        } catch {
            return
        }
    }
}
