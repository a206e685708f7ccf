import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLCache {
    /// A cache of its own for one test: in memory, with a fresh disk folder under the temporary
    /// directory (Linux has `URLCache(memoryCapacity:diskCapacity:diskPath:)`, not `directory:`).
    ///
    /// The folder goes with the cache: it is removed when the last reference to the cache is
    /// released (the test's, and its sessions' once they are invalidated and released), and any
    /// folder still there, such as one a session that is never released holds, when the
    /// process exits.
    public static func isolatedForTesting(memoryCapacity: Int = 4 << 20, diskCapacity: Int = 16 << 20) -> URLCache {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-cache-\(UUID().uuidString)"
        ).path
        return IsolatedURLCache(memoryCapacity: memoryCapacity, diskCapacity: diskCapacity, folder: path)
    }

    /// Stores a response for a GET of `url`, as if it had been fetched, so a client's cache path
    /// (`.returnCacheDataDontLoad`, `.returnCacheDataElseLoad`) can be tested.
    ///
    /// On Linux, URLSession serves a seeded plain-http response from the cache for a
    /// `URLSession` configured with this cache; use the server transport's URLs
    /// (`try server.url("/timeline")`): a URLProtocol (in-process) is handed the cached response
    /// and would have to serve it itself.
    /// - Returns: the stored response.
    @discardableResult
    public func seed(
        _ url: URL, status: Int = 200, headers: [String: String] = ["Content-Type": "application/json"], body: Data
    ) -> CachedURLResponse? {
        var fields = headers
        if fields["Content-Length"] == nil { fields["Content-Length"] = String(body.count) }
        guard
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)
        else { return nil }
        let cached = CachedURLResponse(response: response, data: body, userInfo: nil, storagePolicy: .allowed)
        storeCachedResponse(cached, for: URLRequest(url: url))
        return cached
    }

    /// Stores this JSON text as the cached response for a GET of `url`.
    @discardableResult
    public func seed(_ url: URL, json: String, status: Int = 200) -> CachedURLResponse? {
        seed(url, status: status, body: Data(json.utf8))
    }
}
