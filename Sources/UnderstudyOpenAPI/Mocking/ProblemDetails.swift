import Foundation
import UnderstudyCore
import UnderstudyJSON

/// The answers of an enforced contract: RFC 9457 problem details listing the violations.
enum ProblemDetails {
    static func badRequest(_ violations: [ContractViolation]) -> ContractAnswer {
        answer(
            status: 400, title: "The request does not match the API contract",
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
