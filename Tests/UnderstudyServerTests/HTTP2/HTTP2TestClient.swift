import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix

/// An HTTP/2 client by prior knowledge that shows each stream as frames: headers, body, and the
/// RST_STREAM code when the server resets it, which an HTTP/1-shaped client would hide.
final class HTTP2TestClient: Sendable {
    let channel: any Channel
    private let multiplexer: NIOLoopBound<NIOHTTP2Handler.StreamMultiplexer>

    /// What came back on one stream.
    struct Exchange: Sendable {
        var headers: HPACKHeaders?
        /// A second header block (a gRPC status), when the stream ended with one.
        var trailers: HPACKHeaders?
        var body = ByteBuffer()
        var reset: HTTP2ErrorCode?
        var status: Int? { headers?.first(name: ":status").flatMap { Int($0) } }
        var bodyText: String { String(buffer: body) }
    }

    private init(channel: any Channel, multiplexer: NIOHTTP2Handler.StreamMultiplexer) {
        self.channel = channel
        self.multiplexer = NIOLoopBound(multiplexer, eventLoop: channel.eventLoop)
    }

    /// Connects to 127.0.0.1:`port`, runs `body`, then closes.
    /// - Parameter validatingHeaders: false lets the client send header blocks RFC 9113 forbids.
    static func with<T>(
        port: Int, validatingHeaders: Bool = true, _ body: (HTTP2TestClient) async throws -> T
    ) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        let client = try await channel.eventLoop.submit {
            var connection = NIOHTTP2Handler.ConnectionConfiguration()
            connection.headerBlockValidation = validatingHeaders ? .enabled : .disabled
            let multiplexer = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                mode: .client, connectionConfiguration: connection, streamConfiguration: .init()
            ) { stream in stream.eventLoop.makeSucceededVoidFuture() }
            return HTTP2TestClient(channel: channel, multiplexer: multiplexer)
        }.get()
        do {
            let result = try await body(client)
            try? await channel.close().get()
            return result
        } catch {
            try? await channel.close().get()
            throw error
        }
    }

    /// Sends one request on a new stream and waits for its end (or reset, or the connection's end).
    func send(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil
    ) async throws -> Exchange {
        try await send(method, path, headers: headers, bytes: body.map { ByteBuffer(string: $0) })
    }

    /// Sends one request with a binary body, in one DATA frame.
    func send(
        _ method: String, _ path: String, headers: [(String, String)] = [], bytes body: ByteBuffer?
    ) async throws -> Exchange {
        let finished = channel.eventLoop.makePromise(of: Exchange.self)
        let multiplexer = self.multiplexer
        // A stream that never opens (the connection is gone) must not leave the promise pending.
        defer { finished.fail(ChannelError.ioOnClosedChannel) }
        try await channel.eventLoop.flatSubmit {
            multiplexer.value.createStreamChannel { stream in
                stream.eventLoop.makeCompletedFuture {
                    try stream.pipeline.syncOperations.addHandler(StreamCollector(finished: finished))
                }
            }.flatMap { stream in
                var fields = HPACKHeaders([
                    (":method", method), (":scheme", "http"), (":authority", "127.0.0.1"), (":path", path)
                ])
                fields.add(contentsOf: headers)
                let headersFrame = HTTP2Frame.FramePayload.headers(.init(headers: fields, endStream: body == nil))
                guard let body else { return stream.writeAndFlush(headersFrame) }
                stream.write(headersFrame, promise: nil)
                let data = HTTP2Frame.FramePayload.data(.init(data: .byteBuffer(body), endStream: true))
                return stream.writeAndFlush(data)
            }
        }.get()
        return try await finished.futureResult.get()
    }
}

/// Gathers one stream's frames into an ``HTTP2TestClient/Exchange``.
private final class StreamCollector: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload

    private let finished: EventLoopPromise<HTTP2TestClient.Exchange>
    private var exchange = HTTP2TestClient.Exchange()

    init(finished: EventLoopPromise<HTTP2TestClient.Exchange>) {
        self.finished = finished
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .headers(let headers):
            if exchange.headers == nil {
                exchange.headers = headers.headers
            } else {
                exchange.trailers = headers.headers
            }
            if headers.endStream { finished.succeed(exchange) }
        case .data(let data):
            if case .byteBuffer(var bytes) = data.data { exchange.body.writeBuffer(&bytes) }
            if data.endStream { finished.succeed(exchange) }
        case .rstStream(let code):
            exchange.reset = code
            finished.succeed(exchange)
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finished.succeed(exchange)  // a no-op once the stream has ended
        context.fireChannelInactive()
    }
}
