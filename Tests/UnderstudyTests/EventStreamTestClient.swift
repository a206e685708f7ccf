import Foundation
import NIOCore
import NIOPosix

/// Reads a response over a plain socket as it arrives, for tests that look between server-sent
/// events, with the raw bytes in view. (On Linux, URLSession's `data(for:)` returns the body only
/// at the end and there is no `bytes(for:)`; a data-task delegate does get each read as it arrives,
/// which is how Examples/Chat reads its stream.)
final class EventStreamTestClient {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    /// Everything read so far, head included.
    private(set) var received = ""

    private init(inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) {
        self.inbound = inbound
    }

    /// Sends `GET path` to 127.0.0.1:`port`, runs `body`, then closes the socket.
    static func with<T>(port: Int, path: String, _ body: (EventStreamTestClient) async throws -> T) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
            return try await body(EventStreamTestClient(inbound: inbound.makeAsyncIterator()))
        }
    }

    /// Reads until what has arrived contains `text`; false when the connection ends first.
    @discardableResult
    func read(until text: String) async throws -> Bool {
        while !received.contains(text) {
            guard let bytes = try await inbound.next() else { return false }
            received += String(buffer: bytes)
        }
        return true
    }
}
