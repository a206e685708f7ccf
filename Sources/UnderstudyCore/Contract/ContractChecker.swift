import Foundation

/// An API contract the engine checks traffic against and answers misses from. `UnderstudyOpenAPI`
/// provides one built from OpenAPI specs, so this module never links an OpenAPI parser.
///
/// The engine asks ``checkRequest(_:)`` once per request before any stub is matched, then
/// ``answer(_:operation:)`` when no stub matched, and ``checkResponse(_:operation:)`` for whatever
/// went out. Every method is called on the caller's thread and must not block.
public protocol ContractChecker: Sendable {
    /// Checks a request: the operation it reaches, its violations, and (when the contract is
    /// enforced) the answer that replaces any stub's.
    func checkRequest(_ request: LoggedRequest) -> ContractRequestCheck
    /// The contract's own answer for a request no stub matched that reached `operation`.
    func answer(_ request: LoggedRequest, operation: ContractOperationID) -> ContractAnswer
    /// The violations of a response served for `operation`; empty when it conforms.
    func checkResponse(_ response: LoggedResponse, operation: ContractOperationID) -> [ContractViolation]
}

/// An operation of a contract, as the contract numbers them.
public struct ContractOperationID: Sendable, Hashable {
    /// The operation's number.
    public var index: Int
    /// The operation with this number.
    public init(_ index: Int) { self.index = index }
}

/// What ``ContractChecker/checkRequest(_:)`` found.
public struct ContractRequestCheck: Sendable {
    /// The operation the request reaches; nil when it reaches none.
    public var operation: ContractOperationID?
    /// Everything wrong with the request; empty when it conforms.
    public var violations: [ContractViolation]
    /// Set when the contract is enforced and the request broke it: answered this, whatever stubs say.
    public var rejection: ContractAnswer?

    /// A check result.
    public init(
        operation: ContractOperationID?, violations: [ContractViolation] = [], rejection: ContractAnswer? = nil
    ) {
        self.operation = operation
        self.violations = violations
        self.rejection = rejection
    }

    /// Nothing to say: no operation, no violation.
    public static let unchecked = ContractRequestCheck(operation: nil)
}

/// A response the contract gives on its own: a mock answer, or a rejection.
public struct ContractAnswer: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The headers.
    public var headers: HeaderFields
    /// The body.
    public var body: Data

    /// An answer with this status, headers and body.
    public init(status: Int, headers: HeaderFields = HeaderFields(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
