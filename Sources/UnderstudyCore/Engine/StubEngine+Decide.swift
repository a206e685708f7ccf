import Foundation

extension StubEngine {
    /// Decides what to do with one request, for a transport that can do what `capabilities` say.
    ///
    /// The one rule for every transport: a stub is selected only if the transport can render
    /// what it needs (`Capabilities/admits(_:)`) and `accept` agrees; a request no such stub
    /// matches is answered as a miss, or ``Decision/declined`` when the capabilities answer no
    /// misses. A global delay the transport cannot render declines before anything is matched.
    /// A declined request has changed nothing: no journal entry, no scenario move.
    ///
    /// With a ``contract`` installed, every request is checked against it before matching (its
    /// violations go on the journal entry); an enforced rejection is answered instead of any
    /// stub, and a request no stub matches that reaches an operation is answered by the contract.
    /// A decision from the request's head alone (a streamed proxy) is not checked.
    ///
    /// Otherwise the request is journalled (at once, or when deferred work runs, or through the
    /// ``StreamedEntry`` once a streamed body has ended) and its scenario moved. Complete the
    /// journal entry with ``complete(_:timing:subEvents:)`` once the response is out.
    ///
    /// - Parameters:
    ///   - request: the request as received.
    ///   - capabilities: what the calling transport can render.
    ///   - now: the time for date matchers and templates.
    ///   - accept: the caller's own conditions on a stub (what it can encode). Not escaping, so a
    ///     fast path allocates nothing for it.
    public func decide(
        _ request: LoggedRequest, capabilities: Capabilities, now: Date = Date(),
        accepting accept: (StubMapping) -> Bool = { _ in true }
    ) -> Decision {
        let global = settings
        let globalNeeds: ResponseNeeds = (global.fixedDelay ?? 0) != 0 || global.delayDistribution != nil ? .delay : []
        guard globalNeeds.isSubset(of: capabilities.renders) else { return .declined }
        if capabilities.headOnly {
            return decideFromHead(
                request, capabilities: capabilities, globalNeeds: globalNeeds, now: now, accepting: accept)
        }
        // The contract sees every request first; an enforced rejection replaces any stub.
        let contract = self.contract
        let check = contract?.checkRequest(request)
        if let check, let rejection = check.rejection {
            guard capabilities.answersMisses else { return .declined }
            return .immediate(contractDecision(rejection, request: request, check: check, checksResponse: false))
        }
        // What the selected stub needs, worked out once: the accepting closure is the only place
        // that sees it before the store commits the match.
        var selectedNeeds: ResponseNeeds = []
        let selection = store.select(request, now: now, mayWait: capabilities.waitsForSharedState) { stub in
            let needs = needs(of: stub)
            guard capabilities.admits(needs.union(globalNeeds)), accept(stub), stub.claimsDigestNonce(for: request)
            else { return false }
            selectedNeeds = needs
            return true
        }
        if case .mustWait = selection { return .declined }
        if case .refused(let reason) = selection {
            return .immediate(sharedScenarioRefusal(request, reason: reason))
        }
        guard case .stub(let stub, let detached) = selection else {
            let width =
                capabilities.consoleWidth ?? request.headers.first("X-WireMock-Console-Width").flatMap { Int($0) }
            guard capabilities.answersMisses else {
                guard capabilities.answersQuickMisses,
                    let quick = quickNotMatched(request, consoleWidth: width, now: now)
                else { return .declined }
                return .immediate(quick)
            }
            // Stubs come first; then the contract answers for any operation the request reached.
            if let contract, let check, let operation = check.operation {
                let answer = contract.answer(request, operation: operation)
                return .immediate(contractDecision(answer, request: request, check: check, checksResponse: true))
            }
            guard capabilities.defersSlowWork else {
                return .immediate(notMatched(request, consoleWidth: width, now: now, contractCheck: check))
            }
            return .deferred { self.notMatched(request, consoleWidth: width, now: now, contractCheck: check) }
        }
        let notes = detached.map { [Self.detachedStepNote($0, scenario: stub.scenarioName ?? "")] } ?? []
        // Body files and templates can be slow (disk, JSONPath on a big body).
        if capabilities.defersSlowWork, !selectedNeeds.isDisjoint(with: .slow) {
            return .deferred {
                self.matchedDecision(stub, request: request, now: now, contractCheck: check, notes: notes)
            }
        }
        return .immediate(matchedDecision(stub, request: request, now: now, contractCheck: check, notes: notes))
    }

    /// What serving `stub` needs under this engine's templating (global settings aside).
    func needs(of stub: StubMapping) -> ResponseNeeds {
        var needs = stub.prebuiltResponse.needs
        if templater.applies(to: stub.response) { needs.insert(.template) }
        return needs
    }

    /// Selects from the head alone: the stub must be chosen whatever the body is, and admitted.
    /// Its scenario moves only then; nothing is journalled until the ``StreamedEntry`` records.
    private func decideFromHead(
        _ head: LoggedRequest, capabilities: Capabilities, globalNeeds: ResponseNeeds, now: Date,
        accepting accept: (StubMapping) -> Bool
    ) -> Decision {
        func admitted(_ stub: StubMapping) -> Bool {
            guard stub.scenarioName == nil || capabilities.waitsForSharedState || !store.sharesScenarios else {
                return false
            }
            return capabilities.admits(needs(of: stub).union(globalNeeds)) && accept(stub)
                && stub.claimsDigestNonce(for: head)
        }
        guard case .stub(let stub) = store.matchIgnoringBody(head, now: now, committingIf: admitted), admitted(stub)
        else { return .declined }
        let decision = decision(for: stub, request: head)
        return .streamedProxy(decision, StreamedEntry(journal: journal, decision: decision))
    }

    /// The response for a matched stub, journalled; the one place every decision builds it.
    func matchedDecision(
        _ stub: StubMapping, request: LoggedRequest, now: Date, contractCheck: ContractRequestCheck? = nil,
        notes: [SubEvent] = []
    ) -> ServeDecision {
        // Templates render before journalling so a rendering error goes in as a sub-event.
        var (decision, subEvents) = templatedDecision(for: stub, request: request, now: now)
        subEvents = notes + noteContractViolations(of: request, contractCheck) + subEvents
        decision.contract = contractContext(request, contractCheck)
        journal.record(
            ServeEvent(
                id: request.id, request: request, stub: stub, responseDefinition: stub.response, subEvents: subEvents))
        return decision
    }
}

extension StubEngine {
    /// The warning journalled with a request whose scenario step was taken on this server only.
    static func detachedStepNote(_ reason: String, scenario: String) -> SubEvent {
        SubEvent(
            type: SubEvent.Kind.fleetDetached,
            data: [
                "message": .string(
                    "Scenario \(scenario) was stepped on this server only: its shared states cannot be reached (\(reason))"
                )
            ])
    }

    /// The 503 for a request whose stub's scenario step could not be taken: the shared scenario
    /// states are out of reach and the fleet was told to refuse rather than serve locally.
    func sharedScenarioRefusal(_ request: LoggedRequest, reason: String) -> ServeDecision {
        let message =
            "Scenario states are shared and cannot be reached (\(reason)); refusing rather than serving a step another server may also take"
        let definition = ResponseDefinition(status: 503, fromConfiguredStub: false)
        let subEvent = SubEvent(type: SubEvent.Kind.fleetDetached, data: ["message": .string(message)])
        journal.record(
            ServeEvent(
                id: request.id, request: request, stub: nil, responseDefinition: definition, subEvents: [subEvent]))
        var headers = HeaderFields()
        headers.add("Content-Type", "text/plain")
        return ServeDecision(
            eventID: request.id, stub: nil, status: 503, statusMessage: nil, headers: headers,
            body: Data(message.utf8), fault: nil, delay: .zero, chunkedDribble: nil, nearMisses: [], proxy: nil)
    }
}
