/// Where one request goes: decided once, by ``Responder/route(_:)``, for every path of every
/// transport (the server's HTTP/1.1 fast path, its general path, HTTP/2's fast path and streams,
/// a streamed upload; the in-process URLProtocol; the OpenAPI `ClientTransport`), so that "admin?
/// dashboard? offline?" has one answer however the request arrived.
package enum RequestRoute: Equatable, Sendable {
    /// The server plays offline: the request was read, and its connection is reset unanswered; it
    /// reaches no journal. Wins over every other route, the admin API's too.
    case offline
    /// `/__admin` and under it: the WireMock admin API.
    case admin
    /// `/__understudy` and under it: the dashboard (the server's `DashboardRoute`).
    case dashboard
    /// Everything else: the stub engine.
    case engine

    /// - Parameters:
    ///   - target: the request's URL as the engine sees it (origin form: path and query).
    ///   - isOffline: whether the host plays offline now.
    ///   - mounts: whether the admin API and the dashboard are served (a server's are; an
    ///     in-process host sends those paths to its stubs like any other).
    package init(target: String, isOffline: Bool, mounts: Bool = true) {
        if isOffline {
            self = .offline
        } else if mounts, Self.isAdminURL(target) {
            self = .admin
        } else if mounts, Self.isDashboardURL(target) {
            self = .dashboard
        } else {
            self = .engine
        }
    }

    /// Where the dashboard is served.
    package static let dashboardPrefix = "/__understudy"

    /// `/__understudy` or anything under it, with or without a query: tested on the raw URL like
    /// the admin API's, so a stub request pays two byte comparisons.
    package static func isDashboardURL(_ url: String) -> Bool {
        let bytes = url.utf8
        guard bytes.count >= 13, bytes.dropFirst().first == UInt8(ascii: "_"), url.hasPrefix(dashboardPrefix) else {
            return false
        }
        let next = bytes.dropFirst(13).first
        return next == nil || next == UInt8(ascii: "/") || next == UInt8(ascii: "?")
    }

    /// `/__admin` or anything under it, with or without a query: tested on the raw URL, since
    /// cutting out the path costs a string copy on every stub request.
    package static func isAdminURL(_ url: String) -> Bool {
        guard url.hasPrefix("/__admin") else { return false }
        let next = url.utf8.dropFirst(8).first
        return next == nil || next == UInt8(ascii: "/") || next == UInt8(ascii: "?")
    }
}
