import Foundation
import UnderstudyCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns what a URLProtocol sees into the `LoggedRequest` the server would have journalled.
enum RequestCapture {
    /// The body, from `httpBody` or by draining `httpBodyStream` (Linux gives data tasks the
    /// former, Apple the latter). Nil when neither is set.
    static func body(of request: URLRequest) -> Data? {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return nil }
        return drain(stream)
    }

    static func drain(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        let size = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let read = stream.read(&buffer, maxLength: size)
            if read <= 0 { break }
            data.append(buffer, count: read)
        }
        return data
    }

    /// Method, encoded path and query, headers and body as a client would send them over HTTP/1.1.
    static func loggedRequest(_ request: URLRequest, url: URL, host: String, body: Data) -> LoggedRequest {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        var target = path.isEmpty ? "/" : path
        if let query = components?.percentEncodedQuery { target += "?" + query }
        var headers = HeaderFields()
        headers.add("Host", host)
        // URLRequest keeps headers in a dictionary; sort them so the journal is stable.
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: {
            $0.key.lowercased() < $1.key.lowercased()
        })
        where name.caseInsensitiveCompare("Host") != .orderedSame {
            headers.add(name, value)
        }
        // What URLSession on Linux adds on the wire when the request does not say (checked
        // against the server's journal): a catch-all Accept, and form encoding for a bare body.
        if !headers.contains("Accept") { headers.add("Accept", "*/*") }
        if !body.isEmpty {
            if !headers.contains("Content-Type") { headers.add("Content-Type", "application/x-www-form-urlencoded") }
            if !headers.contains("Content-Length") { headers.add("Content-Length", String(body.count)) }
        }
        return LoggedRequest(
            method: request.httpMethod ?? "GET", url: target, scheme: url.scheme ?? "http", host: host,
            port: url.port ?? 80, clientIP: "127.0.0.1", headers: headers, body: body)
    }
}
