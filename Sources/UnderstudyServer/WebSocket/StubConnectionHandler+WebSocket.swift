import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket
import UnderstudyCore

extension StubConnectionHandler {
    /// Switches the connection to WebSocket, accepting every path as WireMock does: the HTTP/1.1
    /// handlers leave first, then the 101 goes out and the frame handlers go in, in one turn of
    /// the event loop, so no frame can reach a handler that is leaving. A handshake with a bad
    /// key or version is answered as an ordinary request instead (a stub may answer it), on the
    /// route it was given.
    func upgradeToWebSocket(
        _ plain: LoggedRequest, route: RequestRoute, head: HTTPRequestHead, receivedAt: NIODeadline,
        context: ChannelHandlerContext
    ) {
        let channel = context.channel
        // NIO's upgrader answers at once here (our `shouldUpgrade` succeeds synchronously).
        WebSocketHandshake.responseHeaders(for: head, channel: channel).assumeIsolated().whenComplete { result in
            switch result {
            case .success(let accepted):
                self.switchToWebSocket(request: plain, accepted: accepted, channel: channel)
            case .failure:
                self.dispatch(plain, route: route, head: head, receivedAt: receivedAt, context: context)
            }
        }
    }

    private func switchToWebSocket(request: LoggedRequest, accepted: HTTPHeaders, channel: any Channel) {
        connection.giveUp()
        let maxMessage = max(1, environment.configuration.maxWebSocketMessageBytes)
        let engine = environment.engine.messages
        let logger = environment.logger
        HTTP1Pipeline.remove(from: channel).assumeIsolated().whenComplete { result in
            do {
                try result.get()
                // Only HTTP answers send raw bytes: frames need no hop through its writer.
                let pipeline = channel.pipeline.syncOperations
                if let writer = try? pipeline.context(handlerType: RawBytesWriter.self) {
                    pipeline.removeHandler(context: writer, promise: nil)
                }
                let switching = WebSocketHandshake.switchingProtocols(accepted, allocator: channel.allocator)
                channel.writeAndFlush(switching, promise: nil)
                try pipeline.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxMessage)))
                try pipeline.addHandler(WebSocketFrameEncoder())
                try pipeline.addHandler(
                    WebSocketMessageHandler(engine: engine, request: request, maxMessageBytes: maxMessage))
                logger.info("WebSocket channel opened", metadata: ["url": "\(request.url)"])
            } catch {
                logger.info("Could not switch a connection to WebSocket", metadata: ["error": "\(error)"])
                channel.close(promise: nil)
            }
        }
    }
}
