import Foundation
import UnderstudyTemplating

/// A request as the engine sees it, from a socket or from URLProtocol: what WireMock's
/// `LoggedRequest` carries, with the raw URL kept exactly as sent.
public struct LoggedRequest: Sendable, Identifiable {
    /// The request's id in the journal.
    public var id: UUID
    /// The method as sent.
    public var method: String
    /// Path and query exactly as sent, still percent-encoded, e.g. `/a%20b?q=1`.
    public var url: String
    /// `http` or `https`.
    public var scheme: String
    /// The host the request was sent to.
    public var host: String
    /// The port it was sent to.
    public var port: Int
    /// The client's address.
    public var clientIP: String
    /// The headers as sent.
    public var headers: HeaderFields
    /// The body.
    public var body: Data
    /// When it arrived.
    public var loggedDate: Date
    /// `HTTP/1.1` or `HTTP/2.0`.
    public var protocolVersion: String
    /// True when the URL came as an absolute-form proxy request.
    public var browserProxyRequest: Bool
    /// The subject of the certificate the client presented over mutual TLS (e.g. `CN=client`), or nil.
    /// Not part of WireMock's request JSON, which has no such field.
    public var clientCertificateSubject: String?

    /// A request; only method and URL are required.
    public init(
        id: UUID = FastUUID.next(),
        method: String,
        url: String,
        scheme: String = "http",
        host: String = "localhost",
        port: Int = 80,
        clientIP: String = "127.0.0.1",
        headers: HeaderFields = HeaderFields(),
        body: Data = Data(),
        loggedDate: Date = Date(),
        protocolVersion: String = "HTTP/1.1",
        browserProxyRequest: Bool = false,
        clientCertificateSubject: String? = nil
    ) {
        self.id = id
        self.method = method
        self.url = url
        self.scheme = scheme
        self.host = host
        self.port = port
        self.clientIP = clientIP
        self.headers = headers
        self.body = body
        self.loggedDate = loggedDate
        self.protocolVersion = protocolVersion
        self.browserProxyRequest = browserProxyRequest
        self.clientCertificateSubject = clientCertificateSubject
    }

    /// The path part of `url`, still encoded.
    public var path: String {
        // Searched as bytes: every stub match asks, and a Character search costs several times more.
        guard let q = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return url }
        return String(url[..<q])
    }

    /// The raw query after `?`, or nil.
    public var rawQuery: String? {
        guard let q = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return String(url[url.utf8.index(after: q)...])
    }

    /// `scheme://host:port` plus `url`.
    public var absoluteURL: String { origin + url }

    /// `scheme://host`, with `:port` only when it is not the scheme's own: where the request was
    /// sent, and where a forward proxy passes it on to.
    public var origin: String {
        let defaultPort = (scheme == "http" && port == 80) || (scheme == "https" && port == 443)
        return "\(scheme)://\(host)\(defaultPort ? "" : ":\(port)")"
    }

    /// Query parameters, decoded (`+` and `%20` are spaces), in order, values grouped by name.
    public var queryParameters: [(name: String, values: [String])] {
        FormDecoding.parameters(rawQuery ?? "")
    }

    /// Cookies from every `Cookie` header, values URL-decoded, grouped by name.
    public var cookies: [(name: String, values: [String])] {
        var result: [(name: String, values: [String])] = []
        for header in headers.values("Cookie") {
            for pair in header.split(separator: ";") {
                let trimmed = pair.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { continue }
                let name: String
                let value: String
                if let eq = trimmed.firstIndex(of: "=") {
                    name = String(trimmed[..<eq])
                    value = FormDecoding.decode(String(trimmed[trimmed.index(after: eq)...]), plusAsSpace: false)
                } else {
                    name = trimmed
                    value = ""
                }
                if let i = result.firstIndex(where: { $0.name == name }) {
                    result[i].values.append(value)
                } else {
                    result.append((name, [value]))
                }
            }
        }
        return result
    }

    /// `application/x-www-form-urlencoded` body fields, decoded; empty for other bodies.
    public var formParameters: [(name: String, values: [String])] {
        guard let type = headers.first("Content-Type")?.lowercased(),
            type.hasPrefix("application/x-www-form-urlencoded")
        else {
            return []
        }
        return FormDecoding.parameters(String(decoding: body, as: UTF8.self))
    }

    /// The body as text (UTF-8, with invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
