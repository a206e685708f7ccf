import NIOCore
import NIOHTTP1
import NIOHTTP2
import UnderstudyCore

extension StubConnectionHandler {
    /// WireMock's faults over HTTP/2. Three break only their own stream, so other requests on
    /// the connection go on; garbage cannot be framed, so that one takes the connection down:
    ///
    /// | Fault | Over HTTP/2 |
    /// |---|---|
    /// | `CONNECTION_RESET_BY_PEER` | `RST_STREAM` with `INTERNAL_ERROR`, no response |
    /// | `EMPTY_RESPONSE` | `RST_STREAM` with `NO_ERROR`, no response |
    /// | `MALFORMED_RESPONSE_CHUNK` | a `200` HEADERS frame, then `RST_STREAM` with `PROTOCOL_ERROR` |
    /// | `RANDOM_DATA_THEN_CLOSE` | WireMock's garbage bytes outside any frame, then the connection closes |
    func injectOnStream(_ fault: Fault, context: ChannelHandlerContext, completed: @escaping @Sendable () -> Void) {
        switch fault {
        case .connectionResetByPeer:
            resetStream(.internalError, context: context, completed: completed)
        case .emptyResponse:
            resetStream(.noError, context: context, completed: completed)
        case .malformedResponseChunk:
            let head = HTTPResponseHead(version: .http2, status: .ok)
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
            resetStream(.protocolError, context: context, completed: completed)
        case .randomDataThenClose:
            guard let connection = context.channel.parent else {
                context.close(promise: nil)
                completed()
                return
            }
            let written = connection.eventLoop.makePromise(of: Void.self)
            connection.triggerUserOutboundEvent(
                RawBytes(bytes: connection.allocator.buffer(string: Self.garbage)), promise: written)
            written.futureResult.whenComplete { _ in
                connection.close(promise: nil)
                completed()
            }
        }
    }

    /// Sends RST_STREAM with `code` past the HTTP/1 codec, which has no words for it.
    func resetStream(
        _ code: HTTP2ErrorCode, context: ChannelHandlerContext, completed: @escaping @Sendable () -> Void
    ) {
        guard
            let codec = try? context.pipeline.syncOperations.context(
                handlerType: HTTP2FramePayloadToHTTP1ServerCodec.self)
        else {
            context.close(promise: nil)
            completed()
            return
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        codec.writeAndFlush(NIOAny(HTTP2Frame.FramePayload.rstStream(code)), promise: written)
        written.futureResult.whenComplete { _ in completed() }
    }
}
