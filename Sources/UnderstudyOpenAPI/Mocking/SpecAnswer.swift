import Foundation
import UnderstudyCore
import UnderstudyJSON

/// The answer a spec gives for an operation: the first documented 2xx response (or the one
/// `Prefer: code=NNN` asks for), its body from the named or first example, else generated from
/// its schema, and its documented headers. `Prefer: dynamic=true` generates the body from the
/// schema with values drawn at random, passing over examples unless `example=` names one.
struct SpecAnswer {
    let spec: OpenAPISpec

    func answer(_ request: LoggedRequest, operation: OpenAPIOperation) -> ContractAnswer {
        let preferences = Preferences(request.headers.values("Prefer"))
        guard let rule = response(operation, preferring: preferences.code) else {
            // A spec that documents no response: an empty success, which is all it promises.
            return ContractAnswer(status: operation.method == "POST" ? 201 : 200)
        }
        let status = preferences.code.flatMap { rule.covers($0) || rule.status == "default" ? $0 : nil } ?? rule.code
        var headers = HeaderFields()
        let generator = ExampleGenerator(document: spec.document, dynamic: preferences.dynamic)
        for header in rule.headers where header.name.lowercased() != "content-type" {
            let value = header.example ?? header.schema.map { generator.value(for: $0) } ?? .string("")
            headers.add(header.name, Self.text(value))
        }
        guard status != 204, status != 304, request.method != "HEAD",
            let media = Self.media(rule.content, accepting: request.headers.first("Accept"))
        else {
            return ContractAnswer(status: status, headers: headers)
        }
        let body: JSONValue
        if let name = preferences.example, let named = media.examples.first(where: { $0.name == name }) {
            body = named.value
        } else {
            body = ConformingBody(spec: spec, media: media, generator: generator).value()
        }
        let contentType = media.mediaType.contains("*") ? "application/json" : media.mediaType
        headers.set("Content-Type", contentType)
        let data: Data
        if MediaRule.isJSON(contentType) {
            data = JSONWriter.data(body)
        } else {
            data = Data(Self.text(body).utf8)
        }
        return ContractAnswer(status: status, headers: headers, body: data)
    }

    /// The answer to a request that breaks the contract. Missing credentials come first: 401,
    /// with `WWW-Authenticate` for the HTTP schemes the operation takes (never 403: a mock does not
    /// judge credentials), unless the operation documents no 401 but its own 400 or 422, which is
    /// then used. Otherwise the operation's own documented refusal: 400, else 422, else `4XX` or
    /// `default`. Where that response documents problem details or no body, the body is
    /// problem details listing the violations; otherwise it is the documented body, generated,
    /// so the mock keeps to its own contract, and the violations go in `Understudy-Violations`.
    func rejection(_ request: LoggedRequest, operation: OpenAPIOperation, violations: [ContractViolation])
        -> ContractAnswer
    {
        let documented = [400, 422].first { code in operation.responses.contains { $0.status == String(code) } }
        let unauthenticated = violations.filter { $0.location == "security" }
        // 401 unless the spec documents no 401 but does document its own refusal: keep to the spec.
        if !unauthenticated.isEmpty, let security = operation.security,
            documented == nil || ResponseValidator.rule(for: 401, in: operation) != nil
        {
            var answer = refusal(401, request, operation: operation, violations: unauthenticated)
            for challenge in security.challenges { answer.headers.add("WWW-Authenticate", challenge) }
            return answer
        }
        return refusal(documented ?? 400, request, operation: operation, violations: violations)
    }

    private func refusal(
        _ status: Int, _ request: LoggedRequest, operation: OpenAPIOperation, violations: [ContractViolation]
    ) -> ContractAnswer {
        let problem = ProblemDetails.refusal(status, violations)
        guard let rule = ResponseValidator.rule(for: status, in: operation), !rule.content.isEmpty,
            !rule.content.contains(where: { $0.mediaType == "application/problem+json" })
        else { return problem }
        var documented = answer(
            LoggedRequest(
                method: request.method, url: request.url,
                headers: ["Prefer": "code=\(status)", "Accept": request.headers.first("Accept") ?? "*/*"]),
            operation: operation)
        documented.status = status
        let summary = violations.map { "\($0.location): \($0.reason)" }.joined(separator: "; ")
        documented.headers.set("Understudy-Violations", String(summary.unicodeScalars.filter(\.isASCII).prefix(2000)))
        return documented
    }

    /// The documented response to answer with: the preferred status's, else the first 2xx,
    /// else the first documented one.
    private func response(_ operation: OpenAPIOperation, preferring code: Int?) -> ResponseRule? {
        if let code, let rule = ResponseValidator.rule(for: code, in: operation) { return rule }
        return operation.responses.first { $0.status.hasPrefix("2") } ?? operation.responses.first
    }

    /// JSON when the client takes it, else the first documented media type.
    private static func media(_ content: [MediaRule], accepting accept: String?) -> MediaRule? {
        guard !content.isEmpty else { return nil }
        let accepted =
            accept?.split(separator: ",").compactMap {
                $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? []
        for type in accepted where type != "*/*" {
            if let match = content.first(where: { $0.mediaType == type }) { return match }
        }
        return content.first { $0.isJSON } ?? content[0]
    }

    /// A value as header or plain-text content: strings bare, anything else as JSON.
    static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.string(value)
    }
}

/// The `Prefer` header's requests: `code=404`, `example=name`, `dynamic=true` (RFC 7240
/// preferences, as Prism reads them).
struct Preferences {
    var code: Int?
    var example: String?
    var dynamic = false

    init(_ headers: [String]) {
        for header in headers {
            for preference in header.split(separator: ",").flatMap({ $0.split(separator: ";") }) {
                let parts = preference.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard parts.count == 2 else { continue }
                let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                switch parts[0].lowercased() {
                case "code": code = Int(value)
                case "example": example = value
                case "dynamic": dynamic = value.lowercased() == "true"
                default: break
                }
            }
        }
    }
}
