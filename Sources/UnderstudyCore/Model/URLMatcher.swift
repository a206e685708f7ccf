/// How a stub matches the URL. WireMock allows one; when a mapping gives several the first in
/// this order wins: `url`, `urlPattern`, `urlPath`, `urlPathPattern`, `urlPathTemplate`.
public enum URLMatcher: Sendable, Equatable {
    /// `url`: path and query exactly as sent (still encoded).
    case url(String)
    /// `urlPattern`: a regex over path and query.
    case urlPattern(RegexPattern)
    /// `urlPath`: the encoded path exactly; the query is ignored.
    case urlPath(String)
    /// `urlPathPattern`: a regex over the path.
    case urlPathPattern(RegexPattern)
    /// `urlPathTemplate`: an RFC 6570 path like `/contacts/{id}`.
    case urlPathTemplate(PathTemplate)

    /// The JSON key WireMock uses for this matcher.
    public var key: String {
        switch self {
        case .url: return "url"
        case .urlPattern: return "urlPattern"
        case .urlPath: return "urlPath"
        case .urlPathPattern: return "urlPathPattern"
        case .urlPathTemplate: return "urlPathTemplate"
        }
    }

    /// The text written in the mapping.
    public var text: String {
        switch self {
        case .url(let s), .urlPath(let s): return s
        case .urlPattern(let r), .urlPathPattern(let r): return r.source
        case .urlPathTemplate(let t): return t.template
        }
    }

    /// The literal path a request must have for this matcher to pass, used to index stubs.
    public var literalPath: String? {
        switch self {
        case .url(let url): return url.firstIndex(of: "?").map { String(url[..<$0]) } ?? url
        case .urlPath(let path): return path
        default: return nil
        }
    }

    /// True when this matcher looks at the query string too.
    public var includesQuery: Bool {
        switch self {
        case .url, .urlPattern: return true
        default: return false
        }
    }
}
