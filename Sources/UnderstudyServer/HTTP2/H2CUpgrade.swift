import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP1

/// An HTTP/1.1 request that asks to continue as cleartext HTTP/2 (RFC 7540 §3.2, kept by the
/// JDK's HttpClient and `curl --http2`): `Upgrade: h2c`, one valid `HTTP2-Settings`, both named
/// in `Connection`, and no body. We answer `101 Switching Protocols`, and the request itself
/// becomes stream 1: its head is encoded as the HEADERS frame a client would have sent.
///
/// Anything else is declined (the scanner took `Upgrade` out before NIO's decoder saw it), and
/// the connection goes on as HTTP/1.1. So is an upgrade with a body, which RFC 9113 lets a server
/// decline, rather than feed the body through stream 1's flow-control window.
struct H2CUpgrade {
    static let switchingProtocols = "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n"
    /// Larger heads are declined rather than split over CONTINUATION frames.
    static let largestHeaderBlock = 16_384

    /// The HEADERS frame that opens stream 1 (END_STREAM, END_HEADERS).
    let headersFrame: ByteBuffer

    init?(head: HTTPRequestHead, bodyLength: Int, allocator: ByteBufferAllocator) {
        guard head.version == .http1_1, bodyLength == 0, !head.headers.contains(name: "transfer-encoding"),
            Self.tokens(head.headers["upgrade"]).contains("h2c"),
            head.headers["HTTP2-Settings"].count == 1,
            let settings = head.headers.first(name: "HTTP2-Settings"), Self.isValidSettings(settings)
        else { return nil }
        let connection = Self.tokens(head.headers["Connection"])
        guard connection.contains("upgrade"), connection.contains("http2-settings"),
            let block = Self.headerBlock(head, dropping: connection, allocator: allocator),
            block.readableBytes <= Self.largestHeaderBlock
        else { return nil }
        var frame = allocator.buffer(capacity: 9 + block.readableBytes)
        frame.writeInteger(UInt8(truncatingIfNeeded: block.readableBytes >> 16))
        frame.writeInteger(UInt16(truncatingIfNeeded: block.readableBytes))
        frame.writeInteger(UInt8(0x1))  // HEADERS
        frame.writeInteger(UInt8(0x1 | 0x4))  // END_STREAM | END_HEADERS
        frame.writeInteger(UInt32(1))  // stream 1
        var payload = block
        frame.writeBuffer(&payload)
        headersFrame = frame
    }

    /// Comma-separated tokens of every value, lowercased.
    static func tokens(_ values: [String]) -> Set<String> {
        Set(
            values.flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            })
    }

    /// A base64url SETTINGS payload: whole 6-byte settings.
    static func isValidSettings(_ value: String) -> Bool {
        var base64 = value.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.utf8.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return false }
        return data.count % 6 == 0
    }

    /// Headers that belong to the HTTP/1.1 connection, not the request (RFC 9113 §8.2.2).
    private static let connectionSpecific: Set<String> = [
        "connection", "upgrade", "http2-settings", "keep-alive", "proxy-connection", "transfer-encoding", "host"
    ]

    /// The request as an HPACK header block of literals that never enter the dynamic table, so
    /// the client's own HPACK state is unaffected by this block it never sent.
    private static func headerBlock(
        _ head: HTTPRequestHead, dropping named: Set<String>, allocator: ByteBufferAllocator
    )
        -> ByteBuffer?
    {
        var encoder = HPACKEncoder(allocator: allocator, useHuffmanEncoding: false)
        let method = head.method.rawValue
        do {
            try encoder.beginEncoding(allocator: allocator)
            try encoder.appendNonIndexed(header: ":method", value: method)
            try encoder.appendNonIndexed(header: ":scheme", value: "http")
            if let host = head.headers.first(name: "host") {
                try encoder.appendNonIndexed(header: ":authority", value: host)
            }
            try encoder.appendNonIndexed(header: ":path", value: head.uri)
            for (name, value) in head.headers {
                let lowercased = name.lowercased()
                if connectionSpecific.contains(lowercased) || named.contains(lowercased) { continue }
                if lowercased == "te", value.lowercased() != "trailers" { continue }
                try encoder.appendNonIndexed(header: lowercased, value: value)
            }
            return try encoder.endEncoding()
        } catch {
            return nil
        }
    }
}
