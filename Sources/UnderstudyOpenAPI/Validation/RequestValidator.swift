import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Checks a request against its operation: its credentials for presence (``SecurityRule``),
/// every parameter (path, query, header, cookie) for presence and by its schema, and the body by
/// the schema of its media type.
struct RequestValidator {
    let spec: OpenAPISpec

    func violations(
        of request: LoggedRequest, operation: OpenAPIOperation, pathParameters: [String: String]
    ) -> [ContractViolation] {
        var result: [ContractViolation] = []
        if let security = operation.security, !security.isSatisfied(by: request) {
            result.append(
                violation(
                    "security", spec: security.pointer,
                    "the request carries none of the credentials the operation requires: \(security.missing)"))
        }
        // Parsed only when a parameter is read from them.
        lazy var query = request.queryParameters
        lazy var cookies = request.cookies
        for rule in operation.parameters {
            if rule.location == .query, isObject(rule) {
                result += objectViolations(rule, query: query)
                continue
            }
            let values: [String]
            switch rule.location {
            case .path: values = pathParameters[rule.name].map { [$0] } ?? []
            case .query:
                values = query.first { $0.name == rule.name }?.values ?? []
            case .header: values = request.headers.values(rule.name)
            case .cookie: values = cookies.first { $0.name == rule.name }?.values ?? []
            }
            let location = "\(rule.location.rawValue).\(rule.name)"
            guard !values.isEmpty else {
                if rule.required {
                    result.append(
                        violation(
                            location, spec: rule.pointer, "the required \(rule.location.rawValue) parameter is missing")
                    )
                }
                continue
            }
            guard let index = rule.schemaIndex else { continue }
            var value = ParameterValue.json(values, rule: rule)
            if rule.location == .query, !(rule.explode && rule.style == "form"), let raw = request.rawQuery,
                case .array = value
            {
                // Delimited arrays split on the delimiters as sent: an escaped `%2C` is part of an item.
                value = ParameterValue.json(RawQuery.values(named: rule.name, in: raw), rule: rule, encoded: true)
            }
            for problem in spec.validators[index].validate(value, direction: .request) {
                result.append(
                    violation(
                        location, pointer: problem.instancePointer, spec: rule.pointer + "/schema",
                        "\(problem.keyword): \(problem.message)"))
            }
        }
        if let body = operation.body { result += bodyViolations(request, rule: body) }
        return result
    }

    /// Whether a query parameter is sent as an object: `deepObject`, or a schema of type object.
    private func isObject(_ rule: ParameterRule) -> Bool {
        rule.style == "deepObject"
            || ParameterValue.primaryType(ObjectParameter.resolved(rule.schema ?? .null, in: spec.document)) == "object"
    }

    private func objectViolations(_ rule: ParameterRule, query: [(name: String, values: [String])])
        -> [ContractViolation]
    {
        let location = "query.\(rule.name)"
        let (value, problems) = ObjectParameter.json(rule, query: query, document: spec.document)
        var result = problems.map { violation(location, spec: rule.pointer, $0) }
        guard let value else {
            if rule.required {
                result.append(violation(location, spec: rule.pointer, "the required query parameter is missing"))
            }
            return result
        }
        guard let index = rule.schemaIndex else { return result }
        for problem in spec.validators[index].validate(value, direction: .request) {
            result.append(
                violation(
                    location, pointer: problem.instancePointer, spec: rule.pointer + "/schema",
                    "\(problem.keyword): \(problem.message)"))
        }
        return result
    }

    private func bodyViolations(_ request: LoggedRequest, rule: RequestBodyRule) -> [ContractViolation] {
        // An empty body with a Content-Type is a body (an empty upload); without one it is absent.
        guard !request.body.isEmpty || request.headers.first("Content-Type") != nil else {
            return rule.required ? [violation("body", spec: rule.pointer, "the required request body is missing")] : []
        }
        guard !rule.content.isEmpty else { return [] }
        let contentType = request.headers.first("Content-Type")
        guard let media = MediaMatcher.best(for: contentType, in: rule.content) else {
            let documented = rule.content.map(\.mediaType).joined(separator: ", ")
            return [
                violation(
                    "header.Content-Type", spec: rule.pointer + "/content",
                    "Content-Type \(contentType ?? "(none)") is not documented (\(documented))")
            ]
        }
        guard let index = media.schemaIndex else { return [] }
        let instance: JSONValue
        if media.isJSON {
            do {
                instance = try JSONParser.parse(request.body)
            } catch {
                return [violation("body", spec: media.pointer, "the body is not JSON: \(error)")]
            }
        } else if media.mediaType == "application/x-www-form-urlencoded" {
            instance = FormBody.json(request.formParameters, media: media, document: spec.document)
        } else if media.mediaType.hasPrefix("multipart/") {
            guard let parts = MatchContext(request: request).multipartParts else {
                let sent = contentType ?? "(none)"
                return [
                    violation(
                        "body", spec: media.pointer,
                        "the body is not \(media.mediaType) with the boundary its Content-Type names (\(sent))")
                ]
            }
            instance = MultipartBody.json(parts, media: media, document: spec.document)
        } else {
            return []
        }
        return spec.validators[index].validate(instance, direction: .request).map {
            violation(
                "body", pointer: $0.instancePointer, spec: media.pointer + "/schema", "\($0.keyword): \($0.message)")
        }
    }

    private func violation(_ location: String, pointer: String = "", spec: String, _ reason: String)
        -> ContractViolation
    {
        ContractViolation(side: .request, location: location, pointer: pointer, specPath: "#" + spec, reason: reason)
    }
}

/// Picks the documented media type for a Content-Type: exact first, then `type/*`, then `*/*`.
enum MediaMatcher {
    static func best(for contentType: String?, in rules: [MediaRule]) -> MediaRule? {
        let type = contentType.map(MediaTypeName.essence) ?? ""
        if let exact = rules.first(where: { $0.mediaType == type }) { return exact }
        let major = type.split(separator: "/").first.map(String.init) ?? ""
        if let range = rules.first(where: { $0.mediaType == major + "/*" }) { return range }
        return rules.first { $0.mediaType == "*/*" }
    }
}

/// Query values still percent-encoded, for splitting delimited arrays before decoding.
enum RawQuery {
    static func values(named name: String, in query: String) -> [String] {
        query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard decode(String(parts[0])) == name else { return nil }
            return parts.count > 1 ? String(parts[1]) : ""
        }
    }

    /// `+` is a space in a query, then percent-decoding.
    static func decode(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
