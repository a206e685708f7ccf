import Foundation

extension StubEngine {
    /// Journals a request that the contract answers itself (a mock answer or an enforced
    /// rejection) and returns its decision.
    func contractDecision(
        _ answer: ContractAnswer, request: LoggedRequest, check: ContractRequestCheck, checksResponse: Bool
    ) -> ServeDecision {
        let subEvents = noteContractViolations(of: request, check)
        let definition = ResponseDefinition(status: answer.status, fromConfiguredStub: false)
        journal.record(
            ServeEvent(
                id: request.id, request: request, stub: nil, responseDefinition: definition, subEvents: subEvents))
        var decision = ServeDecision(
            eventID: request.id, stub: nil, status: answer.status, statusMessage: nil, headers: answer.headers,
            body: answer.body, fault: nil, delay: .zero, chunkedDribble: nil, nearMisses: [], proxy: nil)
        if checksResponse { decision.contract = contractContext(request, check) }
        return decision
    }

    /// Notes a request's contract violations in the violation log; returns them as sub-events
    /// for its journal entry.
    func noteContractViolations(of request: LoggedRequest, _ check: ContractRequestCheck?) -> [SubEvent] {
        guard let check, !check.violations.isEmpty else { return [] }
        journal.contractViolations.append(
            check.violations.map {
                RecordedContractViolation(eventID: request.id, method: request.method, url: request.url, violation: $0)
            })
        return check.violations.map(\.subEvent)
    }

    /// What the response check needs to know of the request.
    func contractContext(_ request: LoggedRequest, _ check: ContractRequestCheck?) -> ContractContext? {
        guard let operation = check?.operation else { return nil }
        return ContractContext(operation: operation, method: request.method, url: request.url)
    }
}
