import NIOCore
import NIOHTTP1

/// Answers every request with a fixed 200 `Hello, world!`. Behind NIO's HTTP/2-to-HTTP/1 codec it
/// serves one HTTP/2 stream (which ends with the response); on an HTTP/1.1 connection (TLS with
/// ALPN `http/1.1`) it keeps the connection open when the client asks for keep-alive.
final class HelloHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private static let body = "Hello, world!"
    private var keepAlive = false
    private var isHTTP2 = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            isHTTP2 = head.version.major == 2
            keepAlive = isHTTP2 || head.isKeepAlive
        case .body:
            break
        case .end:
            respond(context: context)
        }
    }

    private func respond(context: ChannelHandlerContext) {
        let body = context.channel.allocator.buffer(string: Self.body)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let version: HTTPVersion = isHTTP2 ? .http2 : .http1_1
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .ok, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        guard !keepAlive else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
