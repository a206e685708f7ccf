import Foundation
import HTTPTypes
import UnderstudyCore

/// Turns a runtime request into the `LoggedRequest` the server would have journalled.
enum TransportRequest {
    /// The base URL's path (a server URL may have one, e.g. `/v1`) followed by the request's path
    /// and query, with its headers, a `Host` and, for a body, a `Content-Length` as on the wire.
    static func logged(_ request: HTTPRequest, body: Data, baseURL: URL) -> LoggedRequest {
        let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        var basePath = components?.percentEncodedPath ?? ""
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let target = basePath + (request.path ?? "/")
        let host = baseURL.host ?? "localhost"
        let port = baseURL.port ?? (baseURL.scheme == "https" ? 443 : 80)
        var headers = HeaderFields()
        headers.add("Host", baseURL.port.map { "\(host):\($0)" } ?? host)
        for field in request.headerFields where field.name.canonicalName != "host" {
            headers.add(field.name.rawName, field.value)
        }
        if !body.isEmpty, !headers.contains("Content-Length") { headers.add("Content-Length", String(body.count)) }
        return LoggedRequest(
            method: request.method.rawValue, url: target.isEmpty ? "/" : target, scheme: baseURL.scheme ?? "http",
            host: host, port: port, clientIP: "127.0.0.1", headers: headers, body: body)
    }
}
