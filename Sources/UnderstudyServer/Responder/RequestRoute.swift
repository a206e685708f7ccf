/// Where one request goes: decided once, here, for every path of the server (the HTTP/1.1 fast
/// path, the general path, HTTP/2's fast path and its streams, a streamed upload), so that "admin?
/// dashboard? offline?" has one answer however the request arrived.
enum RequestRoute: Equatable, Sendable {
    /// The server plays offline: the request was read, and its connection is reset unanswered; it
    /// reaches no journal. Wins over every other route, the admin API's too.
    case offline
    /// `/__admin` and under it: the WireMock admin API.
    case admin
    /// `/__understudy` and under it: the dashboard (see ``DashboardRoute``).
    case dashboard
    /// Everything else: the stub engine.
    case engine

    /// - Parameters:
    ///   - target: the request's URL as the engine sees it (origin form: path and query).
    ///   - isOffline: whether the server plays offline now.
    init(target: String, isOffline: Bool) {
        if isOffline {
            self = .offline
        } else if Self.isAdminURL(target) {
            self = .admin
        } else if DashboardRoute.isDashboardURL(target) {
            self = .dashboard
        } else {
            self = .engine
        }
    }

    /// `/__admin` or anything under it, with or without a query: tested on the raw URL, since
    /// cutting out the path costs a string copy on every stub request.
    static func isAdminURL(_ url: String) -> Bool {
        guard url.hasPrefix("/__admin") else { return false }
        let next = url.utf8.dropFirst(8).first
        return next == nil || next == UInt8(ascii: "/") || next == UInt8(ascii: "?")
    }
}

extension ConnectionEnvironment {
    /// The route of a request to this server now.
    func route(_ target: String) -> RequestRoute {
        RequestRoute(target: target, isOffline: isOffline())
    }
}
