import NIOCore
import NIOHPACK
import NIOHTTP2
import UnderstudyCore

/// A stub's whole answer as HTTP/2 frames, for ``HTTP2FastPath``: the header block NIO's
/// HTTP/1-to-HTTP/2 codec makes of the head ``ResponseHeadBuilder`` builds (`:status`, the stub's
/// fields with lower-case names and HTTP/1's connection-specific ones dropped, `content-length`),
/// then the body.
struct HTTP2ResponseFrames {
    var headers: HPACKHeaders
    var body: ByteBuffer

    /// Only for stubs ``PlainResponseEncoder/canEncode(_:)`` accepts: no framing or connection
    /// fields of their own, valid names and values, a status that carries a body.
    init(_ decision: ServeDecision, allocator: ByteBufferAllocator) {
        let code = decision.status <= 0 ? 200 : decision.status
        var headers = HPACKHeaders()
        headers.reserveCapacity(decision.headers.underestimatedCount + 2)
        headers.add(name: ":status", value: String(code))
        for field in decision.headers {
            let name = field.name.lowercased()
            if Self.connectionSpecific.contains(name) { continue }
            headers.add(name: name, value: field.value)
        }
        headers.add(name: "content-length", value: String(decision.body.count))
        self.headers = headers
        var body = allocator.buffer(capacity: decision.body.count)
        body.writeBytes(decision.body)
        self.body = body
    }

    /// HEADERS, then DATA ending the stream (HEADERS alone ends it when there is no body).
    func frames(on stream: HTTP2StreamID) -> [HTTP2Frame] {
        if body.readableBytes == 0 {
            return [HTTP2Frame(streamID: stream, payload: .headers(.init(headers: headers, endStream: true)))]
        }
        return [
            HTTP2Frame(streamID: stream, payload: .headers(.init(headers: headers))),
            HTTP2Frame(streamID: stream, payload: .data(.init(data: .byteBuffer(body), endStream: true)))
        ]
    }

    /// RFC 9113 §8.2.2: fields that mean something only to an HTTP/1.1 connection.
    private static let connectionSpecific: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"
    ]
}
