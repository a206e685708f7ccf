import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Checks a response against its operation's documented responses: the status (or `default`),
/// the required headers and each header's schema, and the body by its media type's schema.
struct ResponseValidator {
    let spec: OpenAPISpec

    func violations(of response: LoggedResponse, operation: OpenAPIOperation) -> [ContractViolation] {
        guard !operation.responses.isEmpty else { return [] }
        guard let rule = Self.rule(for: response.status, in: operation) else {
            let documented = operation.documentedStatuses.joined(separator: ", ")
            return [
                violation(
                    "status", spec: operation.specPointer + "/responses",
                    "status \(response.status) is not documented (\(documented))")
            ]
        }
        var result: [ContractViolation] = []
        for header in rule.headers where header.name.lowercased() != "content-type" {
            let values = response.headers.values(header.name)
            guard let value = values.first else {
                if header.required {
                    result.append(
                        violation("header.\(header.name)", spec: header.pointer, "the required header is missing"))
                }
                continue
            }
            guard let index = header.schemaIndex else { continue }
            let instance = ParameterValue.scalar(value, type: header.schema.flatMap(ParameterValue.primaryType))
            for problem in spec.validators[index].validate(instance, direction: .response) {
                result.append(
                    violation(
                        "header.\(header.name)", spec: header.pointer + "/schema",
                        "\(problem.keyword): \(problem.message)"))
            }
        }
        guard !rule.content.isEmpty else {
            if !response.body.isEmpty {
                result.append(violation("body", spec: rule.pointer, "the response documents no body, but one was sent"))
            }
            return result
        }
        guard !response.body.isEmpty else { return result }
        let contentType = response.headers.first("Content-Type")
        guard let media = MediaMatcher.best(for: contentType, in: rule.content) else {
            let documented = rule.content.map(\.mediaType).joined(separator: ", ")
            result.append(
                violation(
                    "header.Content-Type", spec: rule.pointer + "/content",
                    "Content-Type \(contentType ?? "(none)") is not documented (\(documented))"))
            return result
        }
        guard let index = media.schemaIndex, media.isJSON else { return result }
        do {
            let instance = try JSONParser.parse(response.body)
            result += spec.validators[index].validate(instance, direction: .response).map {
                violation(
                    "body", pointer: $0.instancePointer, spec: media.pointer + "/schema", "\($0.keyword): \($0.message)"
                )
            }
        } catch {
            result.append(violation("body", spec: media.pointer, "the body is not JSON: \(error)"))
        }
        return result
    }

    /// The documented response for a status: exact code, then its range (`2XX`), then `default`.
    static func rule(for status: Int, in operation: OpenAPIOperation) -> ResponseRule? {
        operation.responses.first { $0.status == String(status) }
            ?? operation.responses.first { $0.status != "default" && $0.covers(status) }
            ?? operation.responses.first { $0.status == "default" }
    }

    private func violation(_ location: String, pointer: String = "", spec: String, _ reason: String)
        -> ContractViolation
    {
        ContractViolation(side: .response, location: location, pointer: pointer, specPath: "#" + spec, reason: reason)
    }
}
