import NIOCore
import NIOPosix

/// Bytes to a proxy over a plain socket, for what no real client sends: a CONNECT without a
/// port, garbage inside a tunnel, a half-finished TLS handshake.
enum RawProxyClient {
    /// Sends the first part; when there are more, waits for the proxy's answer to it (a head
    /// ending in a blank line), as a client waits for `200 Connection Established`, then sends
    /// the rest. Reads until the server closes or `readFor` passes; returns everything read.
    static func exchange(port: Int, _ parts: [[UInt8]], readFor: Duration = .seconds(5)) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask {
                    var text = ""
                    var iterator = inbound.makeAsyncIterator()
                    try await outbound.write(ByteBuffer(bytes: parts[0]))
                    if parts.count > 1 {
                        while !text.contains("\r\n\r\n"), let chunk = try await iterator.next() {
                            text += String(buffer: chunk)
                        }
                        for part in parts.dropFirst() { try await outbound.write(ByteBuffer(bytes: part)) }
                    }
                    while let chunk = try await iterator.next() { text += String(buffer: chunk) }
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
