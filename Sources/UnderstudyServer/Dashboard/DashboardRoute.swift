import UnderstudyCore

/// What a path under `/__understudy` asks for.
enum DashboardRoute: Equatable {
    /// `/__understudy` without the slash: sent on to `/__understudy/`, so the page's relative links work.
    case redirectToPage
    /// A file of the page (`""` is `index.html`). Needs no token: the page holds no data of the
    /// server's; everything it shows comes through routes that do.
    case asset(String)
    /// The live feed, as server-sent events.
    case events
    /// Whether a token is wanted and whether the one sent is right; always 200, so a page that
    /// checks before it asks for the token leaves no failed load in the browser's console.
    case session
    /// The diff rows of the closest stubs to one journalled request.
    case nearMisses(requestID: String)
    /// One summary line per journal entry, newest first: the request list's first load.
    case requestSummaries
    /// Each stub's mapping file, for the stub list's "source" column.
    case stubSources
    case notFound

    static let prefix = RequestRoute.dashboardPrefix

    init(path: String) {
        guard path.hasPrefix(Self.prefix) else {
            self = .notFound
            return
        }
        let rest = path.dropFirst(Self.prefix.count)
        if rest.isEmpty {
            self = .redirectToPage
            return
        }
        guard rest.first == "/" else {
            self = .notFound
            return
        }
        let below = rest.dropFirst()
        if below == "events" {
            self = .events
        } else if below == "session" {
            self = .session
        } else if below == "requests" {
            self = .requestSummaries
        } else if below == "stub-sources" {
            self = .stubSources
        } else if below.hasPrefix("near-misses/") {
            self = .nearMisses(requestID: String(below.dropFirst("near-misses/".count)))
        } else if !below.contains("/") {
            self = .asset(String(below))
        } else {
            self = .notFound
        }
    }

    /// True for the routes that show the server's data: they want the admin token when one is set.
    var needsToken: Bool {
        switch self {
        case .events, .nearMisses, .requestSummaries, .stubSources: true
        case .redirectToPage, .asset, .session, .notFound: false
        }
    }
}
