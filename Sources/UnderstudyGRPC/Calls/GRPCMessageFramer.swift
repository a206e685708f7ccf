/// gRPC's length-prefixed messages on an HTTP/2 stream: a compressed flag, a 4-byte big-endian
/// length, then the message (the gRPC over HTTP/2 spec, "Length-Prefixed-Message"). DATA frames
/// cut them anywhere, so bytes are gathered until a whole message is there.
package struct GRPCMessageFramer: Sendable {
    /// The largest message read, as gRPC's servers default to (4 MiB): a bigger one is refused
    /// with RESOURCE_EXHAUSTED instead of being buffered.
    package static let largestMessage = 4 * 1024 * 1024

    private var buffer: [UInt8] = []
    private var start = 0

    package init() {}

    package mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next whole message, or nil until more bytes arrive.
    package mutating func next() throws(GRPCCallError) -> [UInt8]? {
        guard buffer.count - start >= 5 else { return nil }
        let flag = buffer[start]
        let length = buffer[(start + 1)..<(start + 5)].reduce(0) { $0 << 8 | Int($1) }
        guard length <= Self.largestMessage else {
            throw GRPCCallError(
                .resourceExhausted, "gRPC message exceeds maximum size \(Self.largestMessage): \(length)")
        }
        // The call's grpc-encoding was checked at its start: only identity is taken, so a
        // compressed message has nothing to be decompressed with (grpc-java's words).
        guard flag == 0 else {
            throw GRPCCallError(.internalError, "Compressed-Flag bit is set, but no grpc-encoding header")
        }
        guard buffer.count - start - 5 >= length else { return nil }
        let message = Array(buffer[(start + 5)..<(start + 5 + length)])
        start += 5 + length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return message
    }

    /// Bytes left over that are not a whole message (a stream that ended mid-message).
    package var hasPartialMessage: Bool { buffer.count > start }

    /// One message with its prefix, uncompressed.
    package static func frame(_ message: [UInt8]) -> [UInt8] {
        let length = UInt32(message.count)
        return [0, UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
            + message
    }
}

/// A call that ends with a status other than OK, for a reason on our side of the call.
package struct GRPCCallError: Error, Sendable {
    package var status: GRPCStatus
    package var message: String

    package init(_ status: GRPCStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}
