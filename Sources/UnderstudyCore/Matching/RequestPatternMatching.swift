import Foundation
import UnderstudyTemplating

extension RequestPattern {
    /// True when the request satisfies every part of the pattern. The cheap parts (method, URL,
    /// scheme, host, port) are checked first, and the rest only when they pass.
    public func matches(_ context: MatchContext) -> Bool {
        let request = context.request
        guard cannotMatch == nil, method.matches(request.method) else { return false }
        if let url, !url.matches(context) { return false }
        if let scheme, scheme.caseInsensitiveCompare(request.scheme) != .orderedSame { return false }
        if let host, !host.matches(request.host, now: context.now) { return false }
        if let port, port != request.port { return false }
        if let clientIp, !clientIp.matches(request.clientIP, now: context.now) { return false }
        return matchesDetails(context)
    }

    /// Everything after the URL group: path parameters, headers, query, form, cookies, auth, body.
    func matchesDetails(_ context: MatchContext) -> Bool {
        if !pathParameters.isEmpty {
            guard case .urlPathTemplate(let template)? = url, let values = context.pathTemplateValues(template) else {
                return false
            }
            for parameter in pathParameters {
                let value = values[parameter.name].map { FormDecoding.decode($0, plusAsSpace: false) }
                if !parameter.pattern.matches(value, now: context.now) { return false }
            }
        }
        for header in headers
        where !header.pattern.matches(context.request.headers.values(header.name), now: context.now) {
            return false
        }
        for query in queryParameters
        where !query.pattern.matches(context.queryParameters[query.name] ?? [], now: context.now) {
            return false
        }
        for form in formParameters
        where !form.pattern.matches(context.formParameters[form.name] ?? [], now: context.now) {
            return false
        }
        for cookie in cookies {
            let values = context.cookies[cookie.name] ?? []
            let matched =
                values.isEmpty
                ? cookie.pattern.matches(nil, now: context.now)
                : values.contains { cookie.pattern.matches($0, now: context.now) }
            if !matched { return false }
        }
        if let basicAuthCredentials, !basicAuthCredentials.matches(context.request.headers.values("Authorization")) {
            return false
        }
        if let digestAuthCredentials, case .refused = digestAuthCredentials.verdict(context.request) { return false }
        for body in bodyPatterns where !body.matchesBody(context) { return false }
        for part in multipartPatterns where !part.matches(context) { return false }
        if let graphQL, !graphQL.matches(context) { return false }
        return true
    }
}

extension URLMatcher {
    func matches(_ context: MatchContext) -> Bool {
        switch self {
        case .url(let expected): return expected == context.request.url
        case .urlPattern(let regex): return regex.matches(context.request.url)
        case .urlPath(let expected): return expected == context.path
        case .urlPathPattern(let regex): return regex.matches(context.path)
        case .urlPathTemplate(let template): return context.pathTemplateValues(template) != nil
        }
    }

    /// The request text this matcher compares against.
    func actual(_ request: LoggedRequest) -> String {
        includesQuery ? request.url : request.path
    }
}

extension MultiValuePattern {
    /// `values` empty means the field is absent.
    public func matches(_ values: [String], now: Date = Date()) -> Bool {
        switch self {
        case .single(let pattern):
            if values.isEmpty { return pattern.matches(nil, now: now) }
            return values.contains { pattern.matches($0, now: now) }
        case .hasExactly(let patterns):
            guard values.count == patterns.count else { return false }
            return patterns.allSatisfy { pattern in values.contains { pattern.matches($0, now: now) } }
        case .includes(let patterns):
            guard !values.isEmpty else { return false }
            return patterns.allSatisfy { pattern in values.contains { pattern.matches($0, now: now) } }
        }
    }

    /// The best (smallest) distance any value gets.
    public func distance(_ values: [String], now: Date = Date()) -> Double {
        if matches(values, now: now) { return 0 }
        switch self {
        case .single(let pattern):
            if values.isEmpty { return pattern.distance(nil, now: now) }
            return values.map { pattern.distance($0, now: now) }.min() ?? 1
        case .hasExactly, .includes:
            return 1
        }
    }
}

extension BasicCredentials {
    /// The `Basic` scheme word is case-insensitive (WireMock 3.x); the credentials are exact.
    func matches(_ authorizations: [String]) -> Bool {
        authorizations.contains { header in
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "basic",
                let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces))
            else { return false }
            return String(decoding: data, as: UTF8.self) == "\(username):\(password)"
        }
    }
}

extension MultipartPattern {
    func matches(_ context: MatchContext) -> Bool {
        guard let parts = context.multipartParts, !parts.isEmpty else { return false }
        switch matchingType {
        case .any: return parts.contains { matches(part: $0, context) }
        case .all: return parts.allSatisfy { matches(part: $0, context) }
        }
    }

    func matches(part: MultipartPart, _ context: MatchContext) -> Bool {
        if let name, part.name != name { return false }
        for header in headers where !header.pattern.matches(part.headers.values(header.name), now: context.now) {
            return false
        }
        let partContext = MatchContext(
            request: LoggedRequest(method: "POST", url: "/", headers: part.headers, body: part.body), now: context.now)
        return bodyPatterns.allSatisfy { $0.matchesBody(partContext) }
    }
}
