import Foundation
import UnderstudyJSON

extension StringValuePattern {
    /// True when `value` satisfies the matcher; `nil` stands for an absent value.
    ///
    /// Negative matchers (`doesNotContain`, `doesNotMatch`) and `absent` match an absent value;
    /// the others do not.
    public func matches(_ value: String?, now: Date = Date()) -> Bool {
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            guard let value else { return false }
            return caseInsensitive ? value.caseInsensitiveCompare(expected) == .orderedSame : value == expected
        case .contains(let expected):
            guard let value else { return false }
            return expected.isEmpty || value.contains(expected)
        case .doesNotContain(let expected):
            guard let value else { return true }
            return expected.isEmpty ? false : !value.contains(expected)
        case .matches(let regex):
            guard let value else { return false }
            return regex.matches(value)
        case .doesNotMatch(let regex):
            guard let value else { return true }
            return !regex.matches(value)
        case .absent:
            return value == nil
        case .anything:
            return true
        case .not(let inner):
            return !inner.matches(value, now: now)
        case .and(let patterns):
            return patterns.allSatisfy { $0.matches(value, now: now) }
        case .or(let patterns):
            return patterns.contains { $0.matches(value, now: now) }
        case .equalToJson, .matchesJsonPath, .matchesJsonSchema:
            guard let value, let json = try? JSONParser.parse(value) else { return false }
            return matchesJSON(json, now: now)
        case .equalToXml(let match):
            guard let value else { return false }
            return match.equality.matches(value)
        case .matchesXPath(let match):
            guard let value else { return false }
            return match.matches(xml: value, now: now)
        case .binaryEqualTo(let expected):
            guard let value else { return false }
            return Data(value.utf8) == expected
        case .dateTime(let pattern):
            return pattern.matches(value, now: now)
        }
    }

    /// Matches a request body: JSON matchers use the body parsed once per request, and
    /// `binaryEqualTo` compares bytes. An empty body counts as absent.
    public func matchesBody(_ context: MatchContext) -> Bool {
        switch self {
        case .equalToJson, .matchesJsonPath, .matchesJsonSchema:
            guard let json = context.bodyJSON else { return false }
            return matchesJSON(json, now: context.now)
        case .binaryEqualTo(let expected):
            return context.request.body == expected
        case .not(let inner):
            return !inner.matchesBody(context)
        case .and(let patterns):
            return patterns.allSatisfy { $0.matchesBody(context) }
        case .or(let patterns):
            return patterns.contains { $0.matchesBody(context) }
        default:
            return matches(context.bodyText, now: context.now)
        }
    }

    /// Matches an already parsed JSON document (bodies, JSONPath results).
    func matchesJSON(_ json: JSONValue, now: Date) -> Bool {
        switch self {
        case .equalToJson(let equality, _):
            return equality.matches(json)
        case .matchesJsonSchema(let validator):
            return validator.isValid(json)
        case .matchesJsonPath(let match):
            return match.matches(json, now: now)
        case .not(let inner):
            return !inner.matchesJSON(json, now: now)
        case .and(let patterns):
            return patterns.allSatisfy { $0.matchesJSON(json, now: now) }
        case .or(let patterns):
            return patterns.contains { $0.matchesJSON(json, now: now) }
        default:
            return matches(json.matchableText, now: now)
        }
    }

    /// How far `value` is from matching, in [0, 1]: WireMock's normalised Levenshtein distance
    /// for `equalTo`, the matcher's own measure for JSON, XML and dates, else 0 or 1.
    public func distance(_ value: String?, now: Date = Date()) -> Double {
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            guard let value else { return 1 }
            return caseInsensitive
                ? Levenshtein.normalizedDistance(expected.lowercased(), value.lowercased())
                : Levenshtein.normalizedDistance(expected, value)
        case .equalToJson(let equality, _):
            guard let value, let json = try? JSONParser.parse(value) else { return 1 }
            return equality.distance(json)
        case .equalToXml(let match):
            guard let value else { return 1 }
            return match.equality.distance(value)
        case .dateTime(let pattern):
            return pattern.distance(value, now: now)
        case .and(let patterns):
            guard !patterns.isEmpty else { return 0 }
            return patterns.map { $0.distance(value, now: now) }.reduce(0, +) / Double(patterns.count)
        case .or(let patterns):
            return patterns.map { $0.distance(value, now: now) }.min() ?? 1
        default:
            return matches(value, now: now) ? 0 : 1
        }
    }

    /// Distance for a body, parsing JSON through the context's cache.
    public func bodyDistance(_ context: MatchContext) -> Double {
        switch self {
        case .equalToJson(let equality, _):
            guard let json = context.bodyJSON else { return 1 }
            return equality.distance(json)
        case .matchesJsonPath, .matchesJsonSchema, .binaryEqualTo, .not, .and, .or:
            return matchesBody(context) ? 0 : 1
        default:
            return distance(context.bodyText, now: context.now)
        }
    }
}

extension JSONPathMatch {
    /// WireMock's rule: without a sub-matcher the expression must find something; with one,
    /// the sub-matcher is applied to what was found, and for a list any element may match.
    func matches(_ json: JSONValue, now: Date) -> Bool {
        guard let valuePattern else { return path.hasMatch(json) }
        switch path.evaluate(json) {
        case .definite(let value):
            guard let value else { return valuePattern.matches(nil, now: now) }
            if case .array(let items) = value, !isWholeDocumentMatcher(valuePattern) {
                if items.isEmpty { return valuePattern.matches(nil, now: now) }
                return items.contains { valuePattern.matchesFound($0, now: now) }
                    || valuePattern.matchesFound(value, now: now)
            }
            return valuePattern.matchesFound(value, now: now)
        case .indefinite(let values):
            if values.isEmpty { return valuePattern.matches(nil, now: now) }
            return values.contains { valuePattern.matchesFound($0, now: now) }
        }
    }

    private func isWholeDocumentMatcher(_ pattern: StringValuePattern) -> Bool {
        switch pattern {
        case .equalToJson, .matchesJsonSchema, .absent: return true
        default: return false
        }
    }
}

extension StringValuePattern {
    /// Applies a sub-matcher to one JSONPath result: JSON matchers see the value itself,
    /// string matchers see its text (objects and arrays as compact JSON).
    func matchesFound(_ value: JSONValue, now: Date) -> Bool {
        switch self {
        case .equalToJson, .matchesJsonSchema, .matchesJsonPath:
            return matchesJSON(value, now: now)
        default:
            return matches(value.matchableText, now: now)
        }
    }
}

extension XPathMatch {
    func matches(xml: String, now: Date) -> Bool {
        guard let valuePattern else { return query.hasMatch(in: xml) }
        guard let values = query.values(in: xml) else { return false }
        if values.isEmpty { return valuePattern.matches(nil, now: now) }
        return values.contains { valuePattern.matches($0, now: now) }
    }
}

extension JSONValue {
    /// The text a string matcher compares: strings bare, scalars as literals, null as absent,
    /// objects and arrays as compact JSON.
    var matchableText: String? {
        switch self {
        case .null: return nil
        case .string(let s): return s
        case .number(let n): return n.text
        case .bool(let b): return b ? "true" : "false"
        case .array, .object: return JSONWriter.string(self)
        }
    }
}
