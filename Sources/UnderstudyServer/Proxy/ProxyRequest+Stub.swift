import Foundation
import UnderstudyCore

extension ProxyRequest {
    /// The upstream request WireMock would send for `request` under these proxy settings:
    /// `proxyBaseUrl` plus the request URL (with `proxyUrlPrefixToRemove` cut off its start),
    /// hop-by-hop headers, `Host` and `Content-Length` dropped (the client sets them for the
    /// upstream), `removeProxyRequestHeaders` removed, then `additionalProxyRequestHeaders` set.
    public init(forwarding request: LoggedRequest, settings: ProxySettings) {
        var path = request.url
        if let prefix = settings.urlPrefixToRemove, !prefix.isEmpty, path.hasPrefix(prefix) {
            path = String(path.dropFirst(prefix.count))
            if !path.hasPrefix("/") && !path.hasPrefix("?") && !path.isEmpty { path = "/" + path }
        }
        var base = settings.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let removed = Set(settings.removeRequestHeaders.map { $0.lowercased() }).union(["host", "content-length"])
        var headers = HopByHopHeaders.removing(from: request.headers, also: removed)
        for header in settings.additionalRequestHeaders {
            headers.remove(header.name)
            for value in header.values { headers.add(header.name, value) }
        }
        self.init(method: request.method, url: base + path, headers: headers, body: request.body)
    }
}
