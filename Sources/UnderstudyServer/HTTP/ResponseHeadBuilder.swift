import NIOHTTP1
import UnderstudyCore

/// Turns a status and stub headers into an `HTTPResponseHead`, and says whether the connection
/// must close after it (because the framing cannot be trusted for another response).
struct ResponseHeadBuilder {
    var requestVersion: HTTPVersion
    var requestKeepAlive: Bool

    struct Result {
        var head: HTTPResponseHead
        var mustClose: Bool
        /// False for statuses that never carry a body (1xx, 204, 304).
        var allowsBody: Bool
    }

    /// - Parameter bodyLength: the full body size, or nil when it is streamed (dribble) and framed by chunks.
    func build(status: Int, statusMessage: String?, headers stubHeaders: HeaderFields, bodyLength: Int?) -> Result {
        let code = status <= 0 ? 200 : status
        let status = Self.responseStatus(code, statusMessage)
        var headers = HTTPHeaders()
        for field in stubHeaders where Self.isValidName(field.name) && Self.isValidValue(field.value) {
            headers.add(name: field.name, value: field.value)
        }
        var mustClose = !requestKeepAlive
        let allowsBody = status.mayHaveResponseBody
        let declaredLength = headers.first(name: "content-length")
        let declaresFraming = declaredLength != nil || headers.contains(name: "transfer-encoding")
        if allowsBody {
            if let bodyLength, !declaresFraming {
                headers.add(name: "Content-Length", value: String(bodyLength))
            } else if let declaredLength, let bodyLength, Int(declaredLength) != bodyLength {
                // The stub's own Content-Length disagrees with its body: the next response on this
                // connection would be misread, so this one is the last.
                mustClose = true
            }
            if bodyLength == nil, !declaresFraming, requestVersion.minor == 0 {
                // HTTP/1.0 has no chunking: the end of the body is the end of the connection.
                mustClose = true
            }
        }
        // `contains` first: the canonical form builds an array, and few stubs set Connection.
        if headers.contains(name: "connection"),
            headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" })
        {
            mustClose = true
        }
        if mustClose {
            headers.replaceOrAdd(name: "Connection", value: "close")
        } else if requestVersion.major == 1 && requestVersion.minor == 0 {
            headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        return Result(
            head: HTTPResponseHead(version: requestVersion, status: status, headers: headers), mustClose: mustClose,
            allowsBody: allowsBody)
    }

    /// A custom reason phrase when the stub gives one (line breaks dropped), the standard one otherwise.
    static func responseStatus(_ code: Int, _ message: String?) -> HTTPResponseStatus {
        let safeCode = UInt(exactly: code) ?? 200
        if let message, !message.isEmpty {
            let phrase = String(message.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })
            return .custom(code: safeCode, reasonPhrase: phrase)
        }
        return HTTPResponseStatus(statusCode: Int(safeCode))
    }

    /// A 1xx other than 101: NIO treats such a head as an interim answer with more to come.
    static func isInterim(_ status: HTTPResponseStatus) -> Bool {
        (100..<200).contains(status.code) && status.code != 101
    }

    /// RFC 9110 token characters; anything else would break the header block.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(HTTPBytes.isToken)
    }

    static func isValidValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") || $0 == 0 }
    }
}
