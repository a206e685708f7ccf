import Foundation
import NIOHTTP1
import UnderstudyCore

extension LoggedRequest {
    /// The engine's view of a request read from a socket.
    /// - Parameters:
    ///   - boundHost: used as the host when the request has no `Host` header.
    ///   - boundPort: the server's port, which WireMock reports whatever `Host` says.
    init(
        head: HTTPRequestHead, body: Data, clientIP: String, boundHost: String, boundPort: Int,
        loggedDate: Date = Date(), scheme: String = "http", clientCertificateSubject: String? = nil,
        tunnelled: Bool = false
    ) {
        var headers = HeaderFields()
        for (name, value) in head.headers { headers.add(name, value) }
        self.init(
            method: head.method.rawValue, target: head.uri, protocolVersion: Self.protocolVersion(head.version),
            headers: headers,
            body: body, clientIP: clientIP, boundHost: boundHost, boundPort: boundPort, loggedDate: loggedDate,
            scheme: scheme, clientCertificateSubject: clientCertificateSubject, tunnelled: tunnelled)
    }

    /// The engine's view of a request from its parts as read off the wire; both of the server's
    /// request paths (NIO's decoder and ``PlainRequestParser``) come through here.
    /// - Parameters:
    ///   - target: the request target as sent: origin form (`/a?b`) or absolute form.
    ///   - tunnelled: the request came through a forward proxy's `CONNECT` tunnel, whose target
    ///     `boundHost` and `boundPort` are: a proxy request.
    init(
        method: String, target: String, protocolVersion: String, headers: HeaderFields, body: Data,
        clientIP: String, boundHost: String, boundPort: Int, loggedDate: Date = Date(), scheme: String = "http",
        clientCertificateSubject: String? = nil, tunnelled: Bool = false
    ) {
        var url = target
        var host = headers.first("Host").map(Self.hostWithoutPort) ?? boundHost
        var scheme = scheme
        var port = boundPort
        var isProxyRequest = tunnelled
        // An absolute-form target (`GET http://example.com/a HTTP/1.1`) is a browser-proxy request:
        // the host comes from the target, and the URL is what follows the authority.
        // The cheap prefix test first: searching every URL for "://" costs more than matching a stub.
        if url.hasPrefix("http"), let schemeEnd = url.range(of: "://") {
            let afterScheme = url[schemeEnd.upperBound...]
            let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            let authority = String(afterScheme[..<pathStart])
            host = Self.hostWithoutPort(authority)
            // The port and scheme the client asked the proxy for, as WireMock reports them.
            scheme = String(url[..<schemeEnd.lowerBound]).lowercased()
            port = Self.port(of: authority) ?? (scheme == "https" ? 443 : 80)
            let rest = String(afterScheme[pathStart...])
            url = rest.hasPrefix("/") ? rest : "/" + rest
            isProxyRequest = true
        }
        self.init(
            method: method, url: url, scheme: scheme, host: host, port: port, clientIP: clientIP,
            headers: headers, body: body, loggedDate: loggedDate,
            protocolVersion: protocolVersion, browserProxyRequest: isProxyRequest,
            clientCertificateSubject: clientCertificateSubject)
    }

    /// `HTTP/1.1`; the common versions without building a string each time.
    static func protocolVersion(_ version: HTTPVersion) -> String {
        switch (version.major, version.minor) {
        case (1, 1): return "HTTP/1.1"
        case (1, 0): return "HTTP/1.0"
        default: return "HTTP/\(version.major).\(version.minor)"
        }
    }

    /// `example.com:8080` → 8080; `[::1]` → nil.
    static func port(of authority: String) -> Int? {
        var rest = Substring(authority)
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { rest = rest[rest.index(after: close)...] }
        guard let colon = rest.lastIndex(of: ":") else { return nil }
        return Int(rest[rest.index(after: colon)...])
    }

    /// `example.com:8080` → `example.com`; `[::1]:8080` → `[::1]`.
    static func hostWithoutPort(_ authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        guard let colon = authority.utf8.lastIndex(of: UInt8(ascii: ":")) else { return authority }
        return String(authority[..<colon])
    }
}
