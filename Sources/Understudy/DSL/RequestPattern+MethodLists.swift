import UnderstudyCore

/// Method lists in the DSL: `{"method":{"oneOf":[…]}}` and `{"noneOf":[…]}`.
extension RequestPattern {
    /// Any of `methods` on `path` (`urlPath`, or `url` when `path` has a query), e.g.
    /// `.oneOf(["GET", "HEAD"], path: "/status")`.
    public static func oneOf(_ methods: [String], path: String) -> RequestPattern {
        RequestPattern(method: .oneOf(methods), url: path.contains("?") ? .url(path) : .urlPath(path))
    }

    /// Every method but `methods` on `path`, e.g. `.noneOf(["DELETE"], path: "/items")`.
    public static func noneOf(_ methods: [String], path: String) -> RequestPattern {
        RequestPattern(method: .noneOf(methods), url: path.contains("?") ? .url(path) : .urlPath(path))
    }

    /// The same pattern accepting any of `methods`, e.g. `.get("/a").withMethods(oneOf: ["GET", "HEAD"])`.
    public func withMethods(oneOf methods: [String]) -> RequestPattern {
        var copy = self
        copy.method = .oneOf(methods)
        return copy
    }

    /// The same pattern accepting every method but `methods`.
    public func withMethods(noneOf methods: [String]) -> RequestPattern {
        var copy = self
        copy.method = .noneOf(methods)
        return copy
    }
}
