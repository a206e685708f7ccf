import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a client saw: status, headers and body.
struct Reply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

extension StubHost {
    /// Sends a GET through this host's session.
    func send(_ path: String, headers: [String: String] = [:], session: URLSession? = nil) async throws -> Reply {
        try await send("GET", path, headers: headers, session: session)
    }

    /// Sends one request through this host's session.
    func send(
        _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:],
        timeout: TimeInterval? = nil, session: URLSession? = nil
    ) async throws -> Reply {
        var request = URLRequest(url: try url(path))
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let timeout { request.timeoutInterval = timeout }
        let (data, response) = try await (session ?? self.session).data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { fields[key] = value }
        }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }

    /// The URLError a request ends in; records an issue when it succeeds instead.
    func failure(
        _ method: String, _ path: String, body: Data? = nil, timeout: TimeInterval? = nil, session: URLSession? = nil
    ) async -> URLError? {
        do {
            let reply = try await send(method, path, body: body, timeout: timeout, session: session)
            Issue.record("expected a URLError, got status \(reply.status)")
            return nil
        } catch let error as URLError {
            return error
        } catch {
            Issue.record("expected a URLError, got \(error)")
            return nil
        }
    }
}

/// Completion order of concurrent requests.
actor Arrivals {
    private(set) var order: [String] = []
    func add(_ name: String) { order.append(name) }
}
