/// What near-miss ranking needs to know about a stub cheaply, worked out once when the stub is
/// stored: a lower bound on its distance can then be had from the method and URL alone, and the
/// full (costlier) distance is computed only for stubs that could still make the top three.
final class NearMissKey: Sendable {
    let method: RequestMethod
    /// The literal a `url` or `urlPath` matcher compares with, and whether it includes the query.
    let literalURL: String?
    let literalIncludesQuery: Bool
    /// The literal's length in UTF-8 bytes (0 without one).
    let literalLength: Int
    /// Sum of the weights of every part of the pattern (method and URL included).
    let totalWeight: Double
    /// True when the pattern is a method and a literal URL and nothing else (no scenario state
    /// either): then ``lowerBound(_:urlDistance:)`` is the distance itself, bit for bit, since
    /// it is the same arithmetic on the same parts.
    let boundIsDistance: Bool

    init(_ pattern: RequestPattern, inScenario: Bool) {
        method = pattern.method
        switch pattern.url {
        case .url(let text)?:
            literalURL = text
            literalIncludesQuery = true
        case .urlPath(let text)?:
            literalURL = text
            literalIncludesQuery = false
        default:
            literalURL = nil
            literalIncludesQuery = false
        }
        literalLength = literalURL?.utf8.count ?? 0
        var weight = PartWeight.method + PartWeight.url
        if pattern.scheme != nil { weight += PartWeight.scheme }
        if pattern.host != nil { weight += PartWeight.host }
        if pattern.port != nil { weight += PartWeight.port }
        if pattern.clientIp != nil { weight += PartWeight.clientIp }
        if pattern.graphQL != nil { weight += PartWeight.url }
        let others =
            pattern.pathParameters.count + pattern.headers.count + pattern.queryParameters.count
            + pattern.formParameters.count + pattern.cookies.count + (pattern.basicAuthCredentials == nil ? 0 : 1)
            + (pattern.digestAuthCredentials == nil ? 0 : 1)
            + pattern.bodyPatterns.count + pattern.multipartPatterns.count + (inScenario ? 1 : 0)
        weight += Double(others) * PartWeight.other
        totalWeight = weight
        boundIsDistance = literalURL != nil && weight == PartWeight.method + PartWeight.url
    }

    /// A distance no greater than the stub's real one: the method and literal URL parts, with
    /// every other part assumed to match.
    func lowerBound(_ context: MatchContext) -> Double {
        guard let literalURL else {
            return (method.matches(context.request.method) ? 0 : PartWeight.method) / totalWeight
        }
        let d =
            literalIncludesQuery
            ? context.urlDistance.normalizedDistance(to: literalURL)
            : context.pathDistance.normalizedDistance(to: literalURL)
        return lowerBound(context, urlDistance: d)
    }

    /// ``lowerBound(_:)`` with the literal's normalised URL distance already known. The
    /// arithmetic is the distance's own, in the same order, so the bound is never above the
    /// distance even after rounding.
    func lowerBound(_ context: MatchContext, urlDistance d: Double) -> Double {
        var total = method.matches(context.request.method) ? 0 : PartWeight.method
        total += PartWeight.url * d
        return total / totalWeight
    }
}
