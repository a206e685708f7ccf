import NIOCore
import NIOHTTP1

/// The HTTP/1.1 handlers of a connection, for a switch to another protocol (HTTP/2, WebSocket).
enum HTTP1Handlers {
    /// Removes every HTTP/1.1 handler, leaving the raw-bytes writer at the socket end. NIO's
    /// decoder leaves a turn of the event loop later, so the future says when it has gone.
    static func remove(from channel: any Channel) -> EventLoopFuture<Void> {
        let pipeline = channel.pipeline.syncOperations
        var removals: [EventLoopFuture<Void>] = []
        func remove<Handler: RemovableChannelHandler>(_ type: Handler.Type) {
            guard let context = try? pipeline.context(handlerType: type) else { return }
            let removed = channel.eventLoop.makePromise(of: Void.self)
            pipeline.removeHandler(context: context, promise: removed)
            removals.append(removed.futureResult)
        }
        remove(PlainRequestFastPath.self)
        remove(LengthHeaderReconciler.self)
        remove(HTTPResponseEncoder.self)
        remove(ByteToMessageHandler<HTTPRequestDecoder>.self)
        remove(HTTPServerPipelineHandler.self)
        remove(HeaderOverflowResponder.self)
        remove(HTTPServerProtocolErrorHandler.self)
        remove(StubConnectionHandler.self)
        return EventLoopFuture.andAllSucceed(removals, on: channel.eventLoop)
    }
}
