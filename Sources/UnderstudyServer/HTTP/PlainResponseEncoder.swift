import NIOCore
import UnderstudyCore

/// Writes a stub's whole response as one buffer, for ``PlainRequestFastPath``: the bytes
/// ``ResponseHeadBuilder`` and NIO's encoder produce for the same stub on a kept-alive
/// HTTP/1.1 connection (status line, the stub's headers, `Content-Length`, body).
///
/// Only for stubs where that is all there is to it (``canEncode(_:)``); the rest (no-body
/// statuses, stubs that set their own framing or close the connection, invalid headers the
/// builder would drop) go the general way.
enum PlainResponseEncoder {
    static func canEncode(_ stub: StubMapping) -> Bool {
        let response = stub.response
        let code = response.status <= 0 ? 200 : response.status
        guard (200...599).contains(code), code != 204, code != 304 else { return false }
        // A fresh nonce per response: never the same bytes twice, so never kept per connection.
        guard response.digestChallenge == nil else { return false }
        if let name = stub.name, !ResponseHeadBuilder.isValidValue(name) { return false }
        for header in response.headers {
            guard ResponseHeadBuilder.isValidName(header.name),
                header.values.allSatisfy(ResponseHeadBuilder.isValidValue)
            else { return false }
            switch header.name.utf8.count {
            case 10, 14, 17:
                let name = header.name.lowercased()
                if name == "connection" || name == "content-length" || name == "transfer-encoding" { return false }
            default:
                break
            }
        }
        return true
    }

    static func encode(_ decision: ServeDecision, allocator: ByteBufferAllocator) -> ByteBuffer {
        let status = ResponseHeadBuilder.responseStatus(
            decision.status <= 0 ? 200 : decision.status, decision.statusMessage)
        var headerBytes = 0
        for field in decision.headers { headerBytes += field.name.utf8.count + field.value.utf8.count + 4 }
        var buffer = allocator.buffer(capacity: 64 + status.reasonPhrase.utf8.count + headerBytes + decision.body.count)
        buffer.writeStaticString("HTTP/1.1 ")
        buffer.writeString(String(status.code))
        buffer.writeStaticString(" ")
        buffer.writeString(status.reasonPhrase)
        buffer.writeStaticString("\r\n")
        for field in decision.headers {
            buffer.writeString(field.name)
            buffer.writeStaticString(": ")
            buffer.writeString(field.value)
            buffer.writeStaticString("\r\n")
        }
        buffer.writeStaticString("Content-Length: ")
        buffer.writeString(String(decision.body.count))
        buffer.writeStaticString("\r\n\r\n")
        buffer.writeBytes(decision.body)
        return buffer
    }
}
