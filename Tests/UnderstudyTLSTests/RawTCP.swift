import NIOCore
import NIOPosix

/// A plain TCP client that sends bytes and reads until the server closes: for clients that
/// do not speak TLS properly (garbage, silence).
enum RawTCP {
    /// Connects to 127.0.0.1:`port`, sends `bytes` (none: stays silent) and returns everything the
    /// server sent once it closed the connection.
    static func sendThenReadUntilClosed(port: Int, bytes: [UInt8]) async throws -> [UInt8] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            if !bytes.isEmpty { try await outbound.write(ByteBuffer(bytes: bytes)) }
            var received: [UInt8] = []
            do {
                for try await buffer in inbound { received += buffer.readableBytesView }
            } catch {
                // A reset ends the stream as surely as a close does.
            }
            return received
        }
    }
}
