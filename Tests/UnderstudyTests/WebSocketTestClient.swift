import Foundation
import NIOCore
import NIOPosix

/// A minimal WebSocket client over a plain socket, for the Swift API's message tests: the
/// opening handshake, masked text frames out, unmasked text frames in. URLSession cannot be
/// used on Linux, where FoundationNetworking's libcurl has no WebSocket support.
final class WebSocketTestClient {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var pending: [UInt8] = []

    private init(
        inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) {
        self.inbound = inbound
        self.outbound = outbound
    }

    /// Opens a channel on `path` at 127.0.0.1:`port`, runs `body`, then closes the socket.
    static func with<T>(port: Int, path: String, _ body: (WebSocketTestClient) async throws -> T) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            let client = WebSocketTestClient(inbound: inbound.makeAsyncIterator(), outbound: outbound)
            try await outbound.write(
                ByteBuffer(
                    string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"))
            try await client.readHead()
            return try await body(client)
        }
    }

    private func readHead() async throws {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let index = pending.indices.first(where: { pending[$0...].starts(with: end) }) {
                let head = String(decoding: pending[..<index], as: UTF8.self)
                pending.removeFirst(index + end.count)
                guard head.hasPrefix("HTTP/1.1 101") else { throw HandshakeRefused(head: head) }
                return
            }
            guard let more = try await inbound.next() else { throw HandshakeRefused(head: "(connection closed)") }
            pending += more.readableBytesView
        }
    }

    /// Sends a text message in one masked frame (up to 125 bytes, all these tests need).
    func send(_ text: String) async throws {
        let payload = Array(text.utf8)
        precondition(payload.count < 126)
        let mask: [UInt8] = [0x0F, 0x1E, 0x2D, 0x3C]
        var frame: [UInt8] = [0x81, 0x80 | UInt8(payload.count)] + mask
        for (i, byte) in payload.enumerated() { frame.append(byte ^ mask[i % 4]) }
        try await outbound.write(ByteBuffer(bytes: frame))
    }

    /// The next text message (short frames only); nil when the connection ends first.
    func receiveText() async throws -> String? {
        while true {
            if pending.count >= 2, pending[1] < 126, pending.count >= 2 + Int(pending[1]) {
                let length = Int(pending[1])
                let text = String(decoding: pending[2..<(2 + length)], as: UTF8.self)
                let opcode = pending[0] & 0x0F
                pending.removeFirst(2 + length)
                if opcode == 0x1 { return text }
                continue
            }
            guard let more = try await inbound.next() else { return nil }
            pending += more.readableBytesView
        }
    }

    struct HandshakeRefused: Error {
        var head: String
    }
}
