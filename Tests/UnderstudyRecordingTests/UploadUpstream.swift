import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An upstream that watches a request body arrive: ``firstPart`` succeeds once `firstPartBytes`
/// of it have come in, ``ended`` with the whole body at its end (after which it answers 200
/// "received N bytes"), and ``brokeOff`` when a connection closes mid-body.
final class UploadUpstream: Sendable {
    private let channel: any Channel
    let firstPart: EventLoopFuture<Void>
    let ended: EventLoopFuture<[UInt8]>
    let brokeOff: EventLoopFuture<Void>
    private let counter: Counter
    private let promises: Promises

    var baseURL: String { "http://127.0.0.1:\(channel.localAddress?.port ?? 0)" }
    /// Request heads seen.
    var requestCount: Int { counter.heads.withLock { $0 } }

    private init(channel: any Channel, promises: Promises, counter: Counter) {
        self.channel = channel
        firstPart = promises.firstPart.futureResult
        ended = promises.ended.futureResult
        brokeOff = promises.brokeOff.futureResult
        self.counter = counter
        self.promises = promises
    }

    private struct Promises: Sendable {
        let firstPart: EventLoopPromise<Void>
        let ended: EventLoopPromise<[UInt8]>
        let brokeOff: EventLoopPromise<Void>
        let firstPartBytes: Int
    }

    static func start(firstPartBytes: Int) async throws -> UploadUpstream {
        let group = MultiThreadedEventLoopGroup.singleton
        let loop = group.any()
        let promises = Promises(
            firstPart: loop.makePromise(), ended: loop.makePromise(), brokeOff: loop.makePromise(),
            firstPartBytes: firstPartBytes)
        let counter = Counter()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(promises: promises, counter: counter))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        // A test awaiting one of these futures cannot be interrupted by its time limit (`get()`
        // ignores cancellation): one that never came would stall the whole run, as it once did
        // under ThreadSanitizer. Past the deadline, what never happened fails instead.
        loop.scheduleTask(in: waitLimit) {
            promises.firstPart.fail(TimedOut())
            promises.ended.fail(TimedOut())
            promises.brokeOff.fail(TimedOut())
        }
        return UploadUpstream(channel: channel, promises: promises, counter: counter)
    }

    /// How long a test may wait for the upload to reach a point (see ``start(firstPartBytes:)``).
    static let waitLimit = TimeAmount.seconds(30)
    struct TimedOut: Error, CustomStringConvertible {
        var description: String { "the upstream did not see it within \(UploadUpstream.waitLimit)" }
    }

    /// Fails whatever never happened (a promise left open would trap in NIO's debug builds).
    func stop() async throws {
        try await channel.close()
        struct Stopped: Error {}
        promises.firstPart.fail(Stopped())
        promises.ended.fail(Stopped())
        promises.brokeOff.fail(Stopped())
    }

    private final class Counter: Sendable {
        let heads = Mutex(0)
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let promises: Promises
        let counter: Counter
        var body: [UInt8] = []
        var inBody = false

        init(promises: Promises, counter: Counter) {
            self.promises = promises
            self.counter = counter
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head:
                counter.heads.withLock { $0 += 1 }
                inBody = true
                body = []
            case .body(let part):
                body += part.readableBytesView
                if body.count >= promises.firstPartBytes { promises.firstPart.succeed() }
            case .end:
                inBody = false
                promises.ended.succeed(body)
                let text = "received \(body.count) bytes"
                var headers = HTTPHeaders()
                headers.add(name: "Content-Type", value: "text/plain")
                headers.add(name: "Content-Length", value: String(text.utf8.count))
                context.write(
                    wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))),
                    promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            if inBody { promises.brokeOff.succeed() }
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
