import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Secrets that must never reach a recorded stub or a file: headers by name (case-insensitive),
/// JSON fields by key name (at any depth) or dotted path from the root (`user.token`), and form
/// fields and query parameters by name (``parameters``, and every bare name in ``jsonFields``).
///
/// A redacted request header, query parameter or form field is left out of the stub's request
/// pattern, so the stub matches without it (a stub with a redacted query parameter matches on
/// `urlPath` and the other parameters; one with a redacted form field on its other fields); a
/// redacted request JSON field matches any value (`${json-unit.ignore}`). In a response, the
/// value is replaced by ``placeholder``.
public struct RedactionPolicy: Sendable, Equatable {
    /// Always redacted unless a caller builds a policy without them on purpose.
    public static let defaultHeaders = ["Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization"]
    /// What a redacted response value becomes.
    public static let placeholder = "[REDACTED]"
    /// What a redacted request JSON field becomes: JsonUnit's "any value" placeholder.
    public static let requestFieldPlaceholder = "${json-unit.ignore}"

    /// Header names to redact, compared ignoring case.
    public var headers: [String]
    /// JSON key names (anywhere) or dotted paths from the root.
    public var jsonFields: [String]
    /// Names of `application/x-www-form-urlencoded` fields and query parameters, compared exactly
    /// (decoded). Bare names in ``jsonFields`` count too: a secret called `token` is one wherever it is.
    public var parameters: [String]

    /// A policy with exactly these names (the default headers unless told otherwise).
    public init(
        headers: [String] = RedactionPolicy.defaultHeaders, jsonFields: [String] = [], parameters: [String] = []
    ) {
        self.headers = headers
        self.jsonFields = jsonFields
        self.parameters = parameters
    }

    /// The default headers plus the named ones.
    public static func defaults(plusHeaders extra: [String] = [], jsonFields: [String] = [], parameters: [String] = [])
        -> RedactionPolicy
    {
        RedactionPolicy(headers: defaultHeaders + extra, jsonFields: jsonFields, parameters: parameters)
    }

    /// This policy with `other`'s names added.
    func adding(_ other: RedactionPolicy) -> RedactionPolicy {
        RedactionPolicy(
            headers: headers + other.headers, jsonFields: jsonFields + other.jsonFields,
            parameters: parameters + other.parameters)
    }

    /// True when `name` is a form field or query parameter to redact.
    public func redactsParameter(_ name: String) -> Bool {
        parameters.contains(name)
            || jsonFields.contains { field in
                let bare = field.hasPrefix("$.") ? String(field.dropFirst(2)) : field
                return !bare.contains(".") && bare == name
            }
    }

    /// `text` (a query or form body) with the value of every redacted name replaced by
    /// `placeholder`; every other byte stays as it was. Also returns the names replaced.
    func redactingParameters(_ text: Substring, placeholder: String = RedactionPolicy.placeholder) -> (String, [String])
    {
        var found: [String] = []
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let eq = pair.firstIndex(of: "=") else { return String(pair) }
            let rawName = pair[..<eq]
            let name = (rawName.replacingOccurrences(of: "+", with: " ")).removingPercentEncoding ?? String(rawName)
            guard redactsParameter(name) else { return String(pair) }
            if !found.contains(name) { found.append(name) }
            return rawName + "=" + placeholder
        }
        return (pairs.joined(separator: "&"), found)
    }

    /// True when `name` is one of ``headers``.
    public func redactsHeader(_ name: String) -> Bool {
        headers.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// `value` with every listed field replaced by `replacement`; also returns the paths replaced.
    func redactingJSON(_ value: JSONValue, with replacement: JSONValue) -> (JSONValue, [String]) {
        guard !jsonFields.isEmpty else { return (value, []) }
        var found: [String] = []
        let result = redact(value, path: [], replacement: replacement, found: &found)
        return (result, found)
    }

    private func redact(_ value: JSONValue, path: [String], replacement: JSONValue, found: inout [String]) -> JSONValue
    {
        switch value {
        case .object(let object):
            var members: [JSONObject.Member] = []
            for member in object {
                let childPath = path + [member.key]
                if isListed(childPath) {
                    found.append(childPath.joined(separator: "."))
                    members.append(.init(key: member.key, value: replacement))
                } else {
                    members.append(
                        .init(
                            key: member.key,
                            value: redact(member.value, path: childPath, replacement: replacement, found: &found)))
                }
            }
            return .object(JSONObject(members))
        case .array(let items):
            return .array(items.map { redact($0, path: path, replacement: replacement, found: &found) })
        default:
            return value
        }
    }

    /// A bare name matches that key anywhere; a dotted path (optionally `$.`-prefixed) matches from the root.
    private func isListed(_ path: [String]) -> Bool {
        guard let last = path.last else { return false }
        for field in jsonFields {
            var spec = field
            if spec.hasPrefix("$.") { spec.removeFirst(2) }
            if spec.contains(".") {
                if spec == path.joined(separator: ".") { return true }
            } else if spec == last {
                return true
            }
        }
        return false
    }
}

/// What a recording left out, for the user to see.
public struct RedactionReport: Sendable, Equatable {
    /// Header names redacted, in first-seen spelling.
    public var headers: [String] = []
    /// JSON field paths redacted.
    public var jsonFields: [String] = []
    /// Form field and query parameter names redacted.
    public var parameters: [String] = []

    /// Nothing redacted yet.
    public init() {}

    /// True when nothing was redacted.
    public var isEmpty: Bool { headers.isEmpty && jsonFields.isEmpty && parameters.isEmpty }

    mutating func noteHeader(_ name: String) {
        if !headers.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { headers.append(name) }
    }

    mutating func noteFields(_ paths: [String]) {
        for path in paths where !jsonFields.contains(path) { jsonFields.append(path) }
    }

    mutating func noteParameters(_ names: [String]) {
        for name in names where !parameters.contains(name) { parameters.append(name) }
    }

    /// One line per kind, e.g. `redacted headers: Authorization, Set-Cookie`.
    public var summary: [String] {
        var lines: [String] = []
        if !headers.isEmpty { lines.append("redacted headers: " + headers.joined(separator: ", ")) }
        if !jsonFields.isEmpty { lines.append("redacted JSON fields: " + jsonFields.joined(separator: ", ")) }
        if !parameters.isEmpty {
            lines.append("redacted form fields and query parameters: " + parameters.joined(separator: ", "))
        }
        return lines
    }
}
