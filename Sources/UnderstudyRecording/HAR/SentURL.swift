/// A HAR entry's URL split as it was sent: the path and query keep every byte the client sent
/// (browsers send `[` and `]` raw, as in `/ttj?cb=[CACHEBUSTER]`), so the stub's `url` compares
/// with a replayed request as the recorded one did. URLComponents would percent-encode them.
struct SentURL {
    var scheme: String
    var host: String
    var port: Int
    var pathAndQuery: String

    init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        self.init(
            scheme: String(text[..<schemeEnd.lowerBound]), authority: rest[..<authorityEnd],
            target: rest[authorityEnd...])
    }

    /// A URL written as a path and query alone (`/static/a.png`, as some browser exports write
    /// it): matching needs only those. The host is the entry's `Host` (or `:authority`) header
    /// when it has one, else `localhost`; the scheme its `:scheme` header, else `http`.
    init?(relative text: String, authority: String?, scheme: String?) {
        guard text.hasPrefix("/") else { return nil }
        self.init(scheme: scheme ?? "http", authority: Substring(authority ?? "localhost"), target: Substring(text))
    }

    private init?(scheme: String, authority: Substring, target: Substring) {
        self.scheme = scheme.lowercased()
        var authority = authority
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var target = target
        if let fragment = target.firstIndex(of: "#") { target = target[..<fragment] }
        let defaultPort = self.scheme == "https" ? 443 : 80
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = String(authority[...close])
            let afterHost = authority[authority.index(after: close)...]
            port = afterHost.hasPrefix(":") ? Int(afterHost.dropFirst()) ?? defaultPort : defaultPort
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            guard let number = Int(authority[authority.index(after: colon)...]) else { return nil }
            port = number
        } else {
            host = String(authority)
            port = defaultPort
        }
        guard !host.isEmpty else { return nil }
        pathAndQuery = target.hasPrefix("/") ? String(target) : "/" + target
    }
}
