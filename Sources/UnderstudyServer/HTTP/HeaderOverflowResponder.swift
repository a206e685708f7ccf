import NIOCore
import NIOHTTP1

/// Tells the connection handler that a request was refused and answered already, so it closes.
struct RequestRefused: Error, Sendable {
    var status: Int
}

/// Answers a request whose headers are too big with 431 instead of NIO's generic 400.
///
/// Placed just before `HTTPServerProtocolErrorHandler`: it takes the decoder's `headerOverflow`
/// error, writes 431, and passes a ``RequestRefused`` on, which NIO's handler lets through
/// (it only answers `HTTPParserError`s) and the connection handler closes on.
final class HeaderOverflowResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        if error is HTTPParserError, !context.channel.isActive {
            // A request cut short by the close itself: nobody is left to answer, and NIO's handler
            // would write its 400 into a pipelining handler that has already shut down (after a
            // graceful stop that trips an assertion in debug builds).
            context.fireErrorCaught(ChannelError.ioOnClosedChannel)
            return
        }
        guard let parserError = error as? HTTPParserError, parserError == .headerOverflow else {
            context.fireErrorCaught(error)
            return
        }
        let status = HTTPResponseStatus.requestHeaderFieldsTooLarge
        let head = HTTPResponseHead(
            version: .http1_1, status: status, headers: ["Connection": "close", "Content-Length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireErrorCaught(RequestRefused(status: Int(status.code)))
    }
}
