import Foundation
import UnderstudyCore
import UnderstudyJSON

/// The answers of an enforced contract: RFC 9457 problem details listing the violations.
enum ProblemDetails {
    static func badRequest(_ violations: [ContractViolation]) -> ContractAnswer {
        refusal(400, violations)
    }

    /// A refusal with this status (400, 422, or 401 for missing credentials).
    static func refusal(_ status: Int, _ violations: [ContractViolation]) -> ContractAnswer {
        answer(
            status: status,
            title: status == 401
                ? "The request carries no credentials the API contract accepts"
                : "The request does not match the API contract",
            detail: violations.map { "\($0.location): \($0.reason)" }.joined(separator: "; "), violations: violations)
    }

    static func methodNotAllowed(_ violation: ContractViolation, allowed: [String]) -> ContractAnswer {
        var answer = answer(
            status: 405, title: "The method is not documented for this path", detail: violation.reason,
            violations: [violation])
        answer.headers.add("Allow", allowed.joined(separator: ", "))
        return answer
    }

    private static func answer(status: Int, title: String, detail: String, violations: [ContractViolation])
        -> ContractAnswer
    {
        let body: JSONValue = [
            "type": "about:blank", "title": .string(title), "status": .int(status), "detail": .string(detail),
            "violations": .array(violations.map { .object($0.fields) })
        ]
        return ContractAnswer(
            status: status, headers: ["Content-Type": "application/problem+json"], body: JSONWriter.data(body))
    }
}
