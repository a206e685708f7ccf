import Foundation
import UnderstudyTemplating

/// WireMock's weights for each part of a request when judging how near a miss is.
enum PartWeight {
    static let url = 10.0
    static let method = 3.0
    static let host = 10.0
    static let port = 10.0
    static let scheme = 3.0
    static let clientIp = 3.0
    static let other = 1.0
}

extension RequestPattern {
    /// How far the request is from matching, in [0, 1]: a weighted mean of each part's distance.
    /// Computed only when nothing matched, never on the serving path.
    public func distance(_ context: MatchContext) -> Double {
        distance(context, scenarioMismatch: false)
    }

    func distance(_ context: MatchContext, scenarioMismatch: Bool) -> Double {
        let request = context.request
        var total = 0.0
        var weights = 0.0
        func add(_ weight: Double, _ d: Double) {
            total += weight * d
            weights += weight
        }
        add(PartWeight.method, method.matches(request.method) ? 0 : 1)
        add(PartWeight.url, url.map { $0.distance(context) } ?? 0)
        if let scheme { add(PartWeight.scheme, scheme.caseInsensitiveCompare(request.scheme) == .orderedSame ? 0 : 1) }
        if let host { add(PartWeight.host, host.distance(request.host, now: context.now)) }
        if let port { add(PartWeight.port, port == request.port ? 0 : 1) }
        if let clientIp { add(PartWeight.clientIp, clientIp.distance(request.clientIP, now: context.now)) }
        if !pathParameters.isEmpty {
            let values: [String: String] = {
                if case .urlPathTemplate(let t)? = url { return context.pathTemplateValues(t) ?? [:] }
                return [:]
            }()
            for parameter in pathParameters {
                add(
                    PartWeight.other,
                    parameter.pattern.distance(
                        values[parameter.name].map { FormDecoding.decode($0, plusAsSpace: false) }, now: context.now))
            }
        }
        for header in headers {
            add(PartWeight.other, header.pattern.distance(request.headers.values(header.name), now: context.now))
        }
        for query in queryParameters {
            add(PartWeight.other, query.pattern.distance(context.queryParameters[query.name] ?? [], now: context.now))
        }
        for form in formParameters {
            add(PartWeight.other, form.pattern.distance(context.formParameters[form.name] ?? [], now: context.now))
        }
        for cookie in cookies {
            add(
                PartWeight.other,
                MultiValuePattern.single(cookie.pattern).distance(context.cookies[cookie.name] ?? [], now: context.now))
        }
        if let basicAuthCredentials {
            add(PartWeight.other, basicAuthCredentials.matches(request.headers.values("Authorization")) ? 0 : 1)
        }
        if let digestAuthCredentials {
            let valid: Bool
            if case .valid = digestAuthCredentials.verdict(request) { valid = true } else { valid = false }
            add(PartWeight.other, valid ? 0 : 1)
        }
        for body in bodyPatterns { add(PartWeight.other, body.bodyDistance(context)) }
        for part in multipartPatterns { add(PartWeight.other, part.matches(context) ? 0 : 1) }
        if let graphQL { add(PartWeight.url, graphQL.distance(context)) }
        if scenarioMismatch { add(PartWeight.other, 1) }
        return weights > 0 ? total / weights : 0
    }
}

extension URLMatcher {
    func distance(_ context: MatchContext) -> Double {
        switch self {
        case .url(let expected): return context.urlDistance.normalizedDistance(to: expected)
        case .urlPath(let expected): return context.pathDistance.normalizedDistance(to: expected)
        default: return matches(context) ? 0 : 1
        }
    }
}
