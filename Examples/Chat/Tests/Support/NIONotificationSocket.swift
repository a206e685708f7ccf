import ChatClient
import NIOCore
import NIOPosix

/// A ``NotificationSocket`` over a plain SwiftNIO socket, for Linux: FoundationNetworking's
/// `URLSessionWebSocketTask` fails there at once (its libcurl has no WebSocket support), so the
/// tests drive the app's feed through this instead, against the same server.
actor NIONotificationSocket: NotificationSocket {
    private var messages: AsyncThrowingStream<String, any Error>.AsyncIterator
    private let channel: any Channel

    private init(messages: AsyncThrowingStream<String, any Error>, channel: any Channel) {
        self.messages = messages.makeAsyncIterator()
        self.channel = channel
    }

    /// Opens a WebSocket on `path` at 127.0.0.1:`port`; messages are read once the server accepts.
    static func connect(port: Int, path: String) async throws -> NIONotificationSocket {
        let (messages, continuation) = AsyncThrowingStream.makeStream(of: String.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WebSocketTextReader(continuation))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let upgrade =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try await channel.writeAndFlush(ByteBuffer(string: upgrade)).get()
        return NIONotificationSocket(messages: messages, channel: channel)
    }

    func receive() async throws -> String? {
        // A copy, since an actor's stored iterator cannot be mutated across the await; it stays
        // on this actor while it waits.
        var iterator = messages
        defer { messages = iterator }
        return try await iterator.next(isolation: self)
    }

    nonisolated func close() {
        channel.close(promise: nil)
    }
}
