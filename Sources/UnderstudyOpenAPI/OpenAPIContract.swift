import Foundation
import UnderstudyCore
import UnderstudyJSON

/// One or more OpenAPI specs as a stub engine's contract (`StubEngine.contract`): requests and
/// responses are checked against their operations, and a request no stub matches is answered
/// from the spec. Specs are asked in order; the first that documents the path decides.
public struct OpenAPIContract: ContractChecker {
    /// The specs, searched in order.
    public let specs: [OpenAPISpec]
    /// Whether violations are only reported or also refused.
    public let mode: OpenAPIValidationMode
    /// Each operation's spec and its index there, by ``ContractOperationID``.
    private let operations: [(spec: Int, operation: Int)]
    private let firstOperation: [Int]

    /// A contract over these specs.
    public init(specs: [OpenAPISpec], mode: OpenAPIValidationMode = .report) {
        self.specs = specs
        self.mode = mode
        var operations: [(spec: Int, operation: Int)] = []
        var firstOperation: [Int] = []
        for (specIndex, spec) in specs.enumerated() {
            firstOperation.append(operations.count)
            operations += spec.operations.indices.map { (specIndex, $0) }
        }
        self.operations = operations
        self.firstOperation = firstOperation
    }

    /// Loads every spec file; the first that cannot be loaded stops it.
    /// - Throws: ``OpenAPISpecError`` naming the file, line and reason.
    public static func load(_ urls: [URL], mode: OpenAPIValidationMode = .report) throws(OpenAPISpecError)
        -> OpenAPIContract
    {
        var specs: [OpenAPISpec] = []
        for url in urls { specs.append(try OpenAPISpec.load(url)) }
        return OpenAPIContract(specs: specs, mode: mode)
    }

    /// The operation a method and path reach, with the path's parameters; nil when none does.
    public func operation(method: String, path: String) -> (OpenAPIOperation, ContractOperationID)? {
        guard case .found(let id, _, _) = find(method: method, path: path) else { return nil }
        let (spec, index) = operations[id.index]
        return (specs[spec].operations[index], id)
    }

    /// The operation `request` reaches and the request's violations (with enforce, the refusal to send).
    public func checkRequest(_ request: LoggedRequest) -> ContractRequestCheck {
        switch find(method: request.method, path: request.path) {
        case .found(let id, let spec, let parameters):
            let operation = specs[spec].operations[operations[id.index].operation]
            let violations = RequestValidator(spec: specs[spec]).violations(
                of: request, operation: operation, pathParameters: parameters)
            guard mode == .enforce, !violations.isEmpty else {
                return ContractRequestCheck(operation: id, violations: violations)
            }
            let answer = SpecAnswer(spec: specs[spec]).rejection(request, operation: operation, violations: violations)
            return ContractRequestCheck(operation: id, violations: violations, rejection: answer)
        case .methodNotAllowed(let allowed, let template):
            let violation = ContractViolation(
                side: .request, location: "method", specPath: "#/paths/" + SpecPointerEscape.escape(template),
                reason:
                    "\(request.method) is not documented for \(template) (documented: \(allowed.joined(separator: ", ")))"
            )
            guard mode == .enforce else { return ContractRequestCheck(operation: nil, violations: [violation]) }
            return ContractRequestCheck(
                operation: nil, violations: [violation],
                rejection: ProblemDetails.methodNotAllowed(violation, allowed: allowed))
        case .notFound:
            let violation = ContractViolation(
                side: .request, location: "path", specPath: "#/paths",
                reason: "no operation in the spec for \(request.method) \(request.path)")
            return ContractRequestCheck(operation: nil, violations: [violation])
        }
    }

    /// The answer the spec documents for `request` at this operation, when no stub matched.
    public func answer(_ request: LoggedRequest, operation: ContractOperationID) -> ContractAnswer {
        let (spec, index) = operations[operation.index]
        return SpecAnswer(spec: specs[spec]).answer(request, operation: specs[spec].operations[index])
    }

    /// How `response` differs from what the operation documents.
    public func checkResponse(_ response: LoggedResponse, operation: ContractOperationID) -> [ContractViolation] {
        let (spec, index) = operations[operation.index]
        return ResponseValidator(spec: specs[spec]).violations(of: response, operation: specs[spec].operations[index])
    }

    private enum Found {
        case found(ContractOperationID, spec: Int, parameters: [String: String])
        case methodNotAllowed([String], template: String)
        case notFound
    }

    private func find(method: String, path: String) -> Found {
        var notAllowed: Found?
        for (specIndex, spec) in specs.enumerated() {
            switch spec.lookup(method: method, path: path) {
            case .found(let index, let parameters):
                return .found(
                    ContractOperationID(firstOperation[specIndex] + index), spec: specIndex, parameters: parameters)
            case .methodNotAllowed(let allowed):
                if notAllowed == nil {
                    // Any operation on the path names its template.
                    let template = spec.lookupTemplate(method: allowed[0], path: path) ?? path
                    notAllowed = .methodNotAllowed(allowed, template: template)
                }
            case .notFound:
                continue
            }
        }
        return notAllowed ?? .notFound
    }
}

/// JSON pointer escaping for spec paths in messages.
enum SpecPointerEscape {
    static func escape(_ token: String) -> String { YAMLReader.escape(token) }
}
