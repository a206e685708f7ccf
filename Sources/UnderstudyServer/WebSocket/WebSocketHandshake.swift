import NIOCore
import NIOHTTP1
import NIOWebSocket

/// A WebSocket opening handshake (RFC 6455 §4.2): a GET with `Upgrade: websocket`, a
/// `Sec-WebSocket-Key` and version 13. NIO's server upgrader checks the key and version and
/// works out `Sec-WebSocket-Accept`; we use only that part of it, since our own handler owns
/// the switch away from HTTP/1.1.
enum WebSocketHandshake {
    /// True when the request asks for WebSocket.
    static func isRequested(_ head: HTTPRequestHead) -> Bool {
        head.method == .GET && H2CUpgrade.tokens(head.headers["upgrade"]).contains("websocket")
    }

    /// The 101 answer's headers, or a failed future when the key or version is wrong.
    static func responseHeaders(for head: HTTPRequestHead, channel: any Channel) -> EventLoopFuture<HTTPHeaders> {
        let extra: HTTPHeaders = subprotocol(offeredIn: head.headers).map { ["Sec-WebSocket-Protocol": $0] } ?? [:]
        let upgrader = NIOWebSocketServerUpgrader(
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(extra) },
            upgradePipelineHandler: { channel, _ in channel.eventLoop.makeSucceededVoidFuture() })
        var restored = head
        restored.headers.replaceOrAdd(name: "Upgrade", value: "websocket")
        return upgrader.buildUpgradeResponse(channel: channel, upgradeRequest: restored, initialResponseHeaders: [:])
    }

    /// The first subprotocol the client offers (`Sec-WebSocket-Protocol: graphql-transport-ws`):
    /// a client that offers some fails a handshake whose answer picks none (RFC 6455 §4.1), and
    /// a stub server speaks whichever the stubs are written for.
    static func subprotocol(offeredIn headers: HTTPHeaders) -> String? {
        headers["sec-websocket-protocol"].lazy.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }

    /// The raw `101 Switching Protocols` with `headers`.
    static func switchingProtocols(_ headers: HTTPHeaders, allocator: ByteBufferAllocator) -> ByteBuffer {
        var text = "HTTP/1.1 101 Switching Protocols\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        return allocator.buffer(string: text)
    }
}
