/// Several contracts on one engine, each for its own part of the API: an OpenAPI spec for the
/// REST paths and a GraphQL schema for its endpoint, say. A request goes to the first that
/// claims it (reaches one of its operations, or is refused by it); when none does, the last
/// one's word on it stands.
public struct ContractChain: ContractChecker {
    /// The contracts, asked in order.
    public let contracts: [any ContractChecker]

    /// A chain of `contracts`; put the narrowest first.
    public init(_ contracts: [any ContractChecker]) {
        self.contracts = contracts
    }

    public func checkRequest(_ request: LoggedRequest) -> ContractRequestCheck {
        var last = ContractRequestCheck.unchecked
        for (position, contract) in contracts.enumerated() {
            var check = contract.checkRequest(request)
            if check.operation != nil || check.rejection != nil {
                check.operation = check.operation.map { ContractOperationID($0.index * contracts.count + position) }
                return check
            }
            last = check
        }
        return last
    }

    public func answer(_ request: LoggedRequest, operation: ContractOperationID) -> ContractAnswer {
        let (contract, inner) = split(operation)
        return contract.answer(request, operation: inner)
    }

    public func checkResponse(_ response: LoggedResponse, operation: ContractOperationID) -> [ContractViolation] {
        let (contract, inner) = split(operation)
        return contract.checkResponse(response, operation: inner)
    }

    /// The contract an operation number belongs to, and its number there.
    private func split(_ operation: ContractOperationID) -> (any ContractChecker, ContractOperationID) {
        (contracts[operation.index % contracts.count], ContractOperationID(operation.index / contracts.count))
    }
}
