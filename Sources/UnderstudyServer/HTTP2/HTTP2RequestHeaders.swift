import Foundation
import NIOHPACK
import UnderstudyCore

/// The engine's view of a bodiless HTTP/2 request read straight from its header block, for
/// ``HTTP2FastPath``: the same `LoggedRequest` NIO's HTTP/2-to-HTTP/1 codec and
/// ``StubConnectionHandler`` make of it (`host` from `:authority` first when the client sent no
/// `host`, then `content-length: 0` for a method that may carry a body, then the regular fields).
enum HTTP2RequestHeaders {
    /// nil when the block lacks a request pseudo-header the codec needs, or has one it does not
    /// know: the general path then answers it (or reports the error) as before.
    static func request(
        _ block: HPACKHeaders, addresses: ConnectionAddresses, scheme: String
    ) -> LoggedRequest? {
        var method: String?
        var path: String?
        var authority: String?
        var hasScheme = false
        var hasHost = false
        var hasContentLength = false
        for (name, value, _) in block {
            guard name.utf8.first == UInt8(ascii: ":") else {
                if name == "host" { hasHost = true } else if name == "content-length" { hasContentLength = true }
                continue
            }
            switch name {
            case ":method": method = value
            case ":path": path = value
            case ":authority": authority = value
            case ":scheme": hasScheme = true
            default: return nil
            }
        }
        guard let method, let path, let authority, hasScheme else { return nil }
        var headers = HeaderFields()
        if !hasHost { headers.add("host", authority) }
        if !hasContentLength, !methodsWithoutBody.contains(method) { headers.add("content-length", "0") }
        for (name, value, _) in block where name.utf8.first != UInt8(ascii: ":") { headers.add(name, value) }
        return LoggedRequest(
            method: method, target: path, protocolVersion: "HTTP/2.0", headers: headers, body: Data(),
            clientIP: addresses.clientIP, boundHost: addresses.boundHost, boundPort: addresses.boundPort,
            scheme: scheme, clientCertificateSubject: addresses.clientCertificateSubject,
            tunnelled: addresses.isTunnelled)
    }

    /// The methods NIO's codec adds no `content-length` for (RFC 9110 gives their bodies no meaning).
    private static let methodsWithoutBody: Set<String> = ["GET", "HEAD", "DELETE", "CONNECT", "TRACE"]
}
