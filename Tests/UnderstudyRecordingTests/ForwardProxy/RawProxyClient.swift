import NIOCore
import NIOPosix

/// Bytes to a proxy over a plain socket, for what no real client sends: a CONNECT without a
/// port, garbage inside a tunnel, a half-finished TLS handshake.
enum RawProxyClient {
    /// Sends each part in turn (waiting `pause` between them), then reads until the server
    /// closes or `readFor` passes; returns what was read.
    static func exchange(
        port: Int, _ parts: [[UInt8]], pause: Duration = .milliseconds(100), readFor: Duration = .seconds(5)
    )
        async throws -> String
    {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            for (i, part) in parts.enumerated() {
                if i > 0 { try await Task.sleep(for: pause) }
                try await outbound.write(ByteBuffer(bytes: part))
            }
            return try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask {
                    var text = ""
                    for try await chunk in inbound { text += String(buffer: chunk) }
                    return text
                }
                group.addTask {
                    try await Task.sleep(for: readFor)
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first ?? "(no close within \(readFor))"
            }
        }
    }

    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }
}
