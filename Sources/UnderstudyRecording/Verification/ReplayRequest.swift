import Foundation
import UnderstudyCore
import UnderstudyJSON

/// A recorded stub's request pattern made into the one request it stands for, to send to the
/// live service again. Recordings match exactly (a method, a URL, `equalTo` values, a whole
/// body), so each recorded stub has one; a hand-written stub with a regex or `ANY` may not.
public struct ReplayRequest: Sendable, Equatable {
    /// The method.
    public var method: String
    /// The path and query.
    public var url: String
    /// Headers the recording matched on (never a redacted one: recordings leave those out).
    public var headers: HeaderFields
    /// The body.
    public var body: Data
    /// Whether the recorded body had redacted fields, which are sent as their placeholders.
    public var hasRedactedFields: Bool

    /// Why a stub cannot be replayed: its pattern is not one exact request.
    public struct NotReplayable: Error, Sendable, Equatable {
        /// What makes it so, e.g. `its URL is a regex`.
        public var reason: String
    }

    /// The request `pattern` stands for.
    /// - Throws: ``NotReplayable`` when the pattern matches more than one request in a way that
    ///   leaves the one to send unknown: a method other than one name, a URL by regex or
    ///   template, or a body pattern other than an exact one.
    public init(_ pattern: RequestPattern) throws(NotReplayable) {
        guard case .token(let method) = pattern.method else {
            throw NotReplayable(reason: "its method is \(pattern.method), not one method")
        }
        self.method = method
        switch pattern.url {
        case .url(let url): self.url = url
        case .urlPath(let path): self.url = path + Self.query(pattern.queryParameters)
        case nil: self.url = "/" + Self.query(pattern.queryParameters)
        default: throw NotReplayable(reason: "its URL is matched by a pattern, not one URL")
        }
        headers = HeaderFields()
        for header in pattern.headers {
            for value in Self.values(header.pattern) { headers.add(header.name, value) }
        }
        body = Data()
        hasRedactedFields = false
        if !pattern.formParameters.isEmpty {
            body = Data(Self.query(pattern.formParameters).dropFirst().utf8)
            if headers.first("Content-Type") == nil {
                headers.add("Content-Type", "application/x-www-form-urlencoded")
            }
        }
        for bodyPattern in pattern.bodyPatterns {
            switch bodyPattern {
            case .equalTo(let text, _):
                body = Data(text.utf8)
            case .binaryEqualTo(let data):
                body = data
            case .equalToJson(let equality, _):
                body = JSONWriter.data(equality.expected)
                hasRedactedFields = String(decoding: body, as: UTF8.self).contains(
                    RedactionPolicy.requestFieldPlaceholder)
                if headers.first("Content-Type") == nil { headers.add("Content-Type", "application/json") }
            default:
                throw NotReplayable(reason: "its body is matched by a pattern, not one body")
            }
        }
    }

    /// `?a=1&b=2` for the `equalTo` values of query (or form) patterns; "" for none.
    private static func query(_ parameters: [NamedPattern<MultiValuePattern>]) -> String {
        var pairs: [String] = []
        for parameter in parameters {
            for value in values(parameter.pattern) { pairs.append(encode(parameter.name) + "=" + encode(value)) }
        }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    private static func values(_ pattern: MultiValuePattern) -> [String] {
        let patterns: [StringValuePattern]
        switch pattern {
        case .single(let single): patterns = [single]
        case .hasExactly(let all), .includes(let all): patterns = all
        }
        return patterns.compactMap { if case .equalTo(let value, _) = $0 { value } else { nil } }
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+;")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
