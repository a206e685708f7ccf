import Foundation
import UnderstudyJSON
import UnderstudyTemplating

/// Builds the rows of WireMock's "Request was not matched" diff for a stub (or pattern) and a request.
enum DiffRows {
    static func rows(for miss: NearMiss) -> [DiffRow] {
        let pattern = miss.requestPattern
        let context = MatchContext(request: miss.request)
        let request = miss.request
        var rows: [DiffRow] = [.spacer]
        if let name = miss.stub?.name {
            rows.append(DiffRow(expected: name, actual: ""))
            rows.append(.spacer)
        }
        if let reason = pattern.cannotMatch {
            rows.append(DiffRow(expected: "[never matches here] \(reason)", actual: "", mismatch: "Stub"))
        }
        rows.append(
            DiffRow(
                expected: pattern.method.description, actual: request.method,
                mismatch: pattern.method.matches(request.method) ? nil : "HTTP method"))
        if let url = pattern.url {
            rows.append(
                DiffRow(expected: url.label, actual: url.actual(request), mismatch: url.matches(context) ? nil : "URL"))
        } else {
            rows.append(DiffRow(expected: "[any URL]", actual: request.url))
        }
        if let scheme = pattern.scheme {
            rows.append(
                DiffRow(
                    expected: "Scheme: \(scheme)", actual: "Scheme: \(request.scheme)",
                    mismatch: scheme.caseInsensitiveCompare(request.scheme) == .orderedSame ? nil : "Scheme"))
        }
        if let host = pattern.host {
            rows.append(
                DiffRow(
                    expected: "Host: \(host.label)", actual: "Host: \(request.host)",
                    mismatch: host.matches(request.host) ? nil : "Host"))
        }
        if let port = pattern.port {
            rows.append(
                DiffRow(
                    expected: "Port: \(port)", actual: "Port: \(request.port)",
                    mismatch: port == request.port ? nil : "Port"))
        }
        var detail: [DiffRow] = []
        if case .urlPathTemplate(let template)? = pattern.url {
            let values = context.pathTemplateValues(template) ?? [:]
            for parameter in pattern.pathParameters {
                let value = values[parameter.name].map { FormDecoding.decode($0, plusAsSpace: false) }
                detail.append(
                    DiffRow(
                        expected:
                            "Path parameter: \(parameter.name) \(parameter.pattern.operatorLabel) \(parameter.pattern.operandText)",
                        actual: "Path parameter: \(parameter.name) = \(value ?? "")",
                        mismatch: parameter.pattern.matches(value) ? nil : "Path parameter"))
            }
        }
        for header in pattern.headers {
            let values = request.headers.values(header.name)
            detail.append(
                DiffRow(
                    expected: "\(header.name)\(header.pattern.headerLabel)",
                    actual: values.isEmpty ? "" : "\(header.name): \(values.joined(separator: ", "))",
                    mismatch: header.pattern.matches(values) ? nil : "Header"))
        }
        if let auth = pattern.basicAuthCredentials {
            let actual = request.headers.values("Authorization")
            detail.append(
                DiffRow(
                    expected: "Authorization: \(auth.headerValue)",
                    actual: actual.isEmpty ? "" : "Authorization: \(actual.joined(separator: ", "))",
                    mismatch: auth.matches(actual) ? nil : "Header"))
        }
        if let digest = pattern.digestAuthCredentials {
            let refusal: String?
            switch digest.verdict(request) {
            case .valid: refusal = nil
            case .refused(let why): refusal = why
            }
            detail.append(
                DiffRow(
                    expected: "Authorization: Digest \(digest.username)"
                        + (digest.realm.map { " (realm \($0))" } ?? ""),
                    actual: refusal ?? "Authorization: Digest \(digest.username)",
                    mismatch: refusal == nil ? nil : "Header"))
        }
        for query in pattern.queryParameters {
            detail.append(keyedRow("Query", query.name, query.pattern, context.queryParameters[query.name] ?? []))
        }
        for form in pattern.formParameters {
            detail.append(keyedRow("Form", form.name, form.pattern, context.formParameters[form.name] ?? []))
        }
        for cookie in pattern.cookies {
            detail.append(keyedRow("Cookie", cookie.name, .single(cookie.pattern), context.cookies[cookie.name] ?? []))
        }
        if !detail.isEmpty {
            rows.append(.spacer)
            rows.append(contentsOf: detail)
        }
        for body in pattern.bodyPatterns where !body.matchesBody(context) {
            rows.append(.spacer)
            rows.append(contentsOf: bodyRows(body, context))
        }
        for part in pattern.multipartPatterns where !part.matches(context) {
            rows.append(.spacer)
            rows.append(
                DiffRow(
                    expected: "[Multipart] \(part.name ?? "(any part)")",
                    actual: context.multipartParts == nil
                        ? "(not multipart)" : "\(context.multipartParts?.count ?? 0) parts", mismatch: "Multipart"))
        }
        if let graphQL = pattern.graphQL, !graphQL.matches(context) {
            rows.append(.spacer)
            rows.append(contentsOf: graphQL.diffRows(context))
        }
        if let stub = miss.stub, let scenario = stub.scenarioName, let required = stub.requiredScenarioState,
            let actual = miss.scenarioState
        {
            rows.append(.spacer)
            rows.append(
                DiffRow(
                    expected: "[Scenario '\(scenario)' state: \(required)]",
                    actual: "[Scenario '\(scenario)' state: \(actual)]", mismatch: "Scenario"))
        }
        rows.append(.spacer)
        return rows
    }

    /// A query, form or cookie row: `Query: name = expected` against the values the request had.
    static func keyedRow(_ kind: String, _ name: String, _ pattern: MultiValuePattern, _ values: [String]) -> DiffRow {
        DiffRow(
            expected: "\(kind): \(name)\(pattern.queryLabel)",
            actual: values.isEmpty ? "" : "\(kind): \(name) = \(values.joined(separator: ", "))",
            mismatch: pattern.matches(values) ? nil : kind)
    }

    /// Body rows: JSON pretty-printed on both sides; JSONPath shows the expression.
    static func bodyRows(_ body: StringValuePattern, _ context: MatchContext) -> [DiffRow] {
        let expected: String
        switch body {
        case .equalToJson(let equality, _): expected = JSONWriter.string(equality.expected, style: .pretty)
        case .matchesJsonPath(let match):
            expected =
                match.valuePattern.map { "\(match.path.expression) \($0.operatorLabel) \($0.operandText)" }
                ?? match.path.expression
        default: expected = "\(body.operatorLabel) \(body.operandText)".trimmingCharacters(in: .whitespaces)
        }
        let actual = context.bodyJSON.map { JSONWriter.string($0, style: .pretty) } ?? context.bodyText ?? ""
        return [DiffRow(expected: expected, actual: actual, mismatch: "Body")]
    }
}

extension URLMatcher {
    /// How the diff shows the URL expectation: plain for `url`, with its kind otherwise.
    var label: String {
        switch self {
        case .url(let u): return u
        case .urlPath(let p): return "[path] \(p)"
        case .urlPattern(let r): return "[regex] \(r.source)"
        case .urlPathPattern(let r): return "[path regex] \(r.source)"
        case .urlPathTemplate(let t): return "[path template] \(t.template)"
        }
    }
}

extension StringValuePattern {
    /// The operator as the diff shows it, e.g. `[contains]`.
    var operatorLabel: String {
        switch self {
        case .equalTo(_, let ci): return ci ? "[equalToIgnoreCase]" : "="
        case .contains: return "[contains]"
        case .doesNotContain: return "[doesNotContain]"
        case .matches: return "[matches]"
        case .doesNotMatch: return "[doesNotMatch]"
        case .absent: return "[absent]"
        case .anything: return "[anything]"
        case .not: return "[not]"
        case .and: return "[and]"
        case .or: return "[or]"
        case .equalToJson: return "[equalToJson]"
        case .matchesJsonPath: return "[matchesJsonPath]"
        case .matchesJsonSchema: return "[matchesJsonSchema]"
        case .equalToXml: return "[equalToXml]"
        case .matchesXPath: return "[matchesXPath]"
        case .binaryEqualTo: return "[binaryEqualTo]"
        case .dateTime(let p): return "[\(p.operator.rawValue)]"
        }
    }

    /// The operand as text.
    var operandText: String {
        switch self {
        case .equalTo(let v, _), .contains(let v), .doesNotContain(let v), .anything(let v): return v
        case .matches(let r), .doesNotMatch(let r): return r.source
        case .absent: return "(absent)"
        case .not(let inner): return "\(inner.operatorLabel) \(inner.operandText)"
        case .and(let ps), .or(let ps):
            return ps.map { "\($0.operatorLabel) \($0.operandText)" }.joined(separator: ", ")
        case .equalToJson(let e, _): return JSONWriter.string(e.expected)
        case .matchesJsonPath(let m): return m.path.expression
        case .matchesJsonSchema(let v): return JSONWriter.string(v.schema)
        case .equalToXml(let m): return m.expected
        case .matchesXPath(let m): return m.expression
        case .binaryEqualTo(let d): return d.base64EncodedString()
        case .dateTime(let p): return p.expected
        }
    }

    var label: String {
        if case .equalTo(let v, false) = self { return v }
        return "\(operatorLabel) \(operandText)"
    }
}

extension MultiValuePattern {
    /// `: value` for plain equality, ` [op] : value` otherwise (WireMock's header rows).
    var headerLabel: String {
        switch self {
        case .single(.equalTo(let v, false)): return ": \(v)"
        case .single(let p): return " \(p.operatorLabel) : \(p.operandText)"
        case .hasExactly(let ps): return " [hasExactly] : \(ps.map(\.label).joined(separator: ", "))"
        case .includes(let ps): return " [includes] : \(ps.map(\.label).joined(separator: ", "))"
        }
    }

    /// ` = value` for plain equality, ` [op] value` otherwise (WireMock's query rows).
    var queryLabel: String {
        switch self {
        case .single(.equalTo(let v, false)): return " = \(v)"
        case .single(let p): return " \(p.operatorLabel) \(p.operandText)"
        case .hasExactly(let ps): return " [hasExactly] \(ps.map(\.label).joined(separator: ", "))"
        case .includes(let ps): return " [includes] \(ps.map(\.label).joined(separator: ", "))"
        }
    }
}
