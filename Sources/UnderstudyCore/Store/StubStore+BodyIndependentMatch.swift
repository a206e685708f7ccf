import Foundation

/// What the store can tell from a request's head alone (see ``StubStore/matchIgnoringBody(_:now:committingIf:)``).
public enum BodyIndependentMatch: Sendable {
    /// A stub that reads the body could be selected: only the whole request can say which stub wins.
    case dependsOnBody
    /// No stub matches this head, whatever the body.
    case noMatch
    /// This stub is selected whatever the body is.
    case stub(StubMapping)
}

extension StubStore {
    /// Selects a stub from a request's head, for a server that wants to act before the body has
    /// arrived (streaming a large upload to a proxy stub's upstream).
    ///
    /// Candidates are walked in selection order, as ``match(_:now:)`` walks them. A candidate
    /// whose body-independent conditions fail is passed over, as it cannot match whatever the
    /// body is. The first whose body-independent conditions hold decides: if it also has a
    /// condition on the body (``RequestPattern/readsBody``), the answer is `.dependsOnBody`;
    /// otherwise it is the stub for this request, whatever its body.
    ///
    /// - Parameters:
    ///   - head: the request without its body (its `body` is ignored).
    ///   - now: the time for date matchers.
    ///   - commit: asked about the selected stub; when it returns true the stub's scenario step
    ///     is taken, as ``match(_:now:)`` takes it. Return false when the caller will match the
    ///     whole request later instead (the step then happens there, once). If another request
    ///     moved the scenario since the walk began, the head is walked again and `commit` asked
    ///     again.
    public func matchIgnoringBody(
        _ head: LoggedRequest, now: Date = Date(), committingIf commit: (StubMapping) -> Bool
    ) -> BodyIndependentMatch {
        var bodiless = head
        bodiless.body = Data()
        // Each pass after the first follows another request's step, so this ends.
        while true {
            if let decided = walkIgnoringBody(bodiless, now: now, committingIf: commit) { return decided }
        }
    }

    /// One walk of the candidates for ``matchIgnoringBody(_:now:committingIf:)``; nil when the
    /// committed stub's scenario step was taken by another request first.
    private func walkIgnoringBody(
        _ bodiless: LoggedRequest, now: Date, committingIf commit: (StubMapping) -> Bool
    ) -> BodyIndependentMatch? {
        let (bucket, fallback, scenarios) = state.withLock { state in
            let candidates = state.index.candidates(forPath: bodiless.path)
            return (candidates.bucket, candidates.fallback, state.scenarioStates)
        }
        let context = MatchContext(request: bodiless, scenarioStates: scenarios, now: now)
        var i = 0
        var j = 0
        while i < bucket.count || j < fallback.count {
            let fromBucket = j >= fallback.count || (i < bucket.count && bucket[i].precedes(fallback[j]))
            let stub = fromBucket ? bucket[i].stub : fallback[j].stub
            if fromBucket { i += 1 } else { j += 1 }
            guard stub.scenarioAllows(scenarios) else { continue }
            let pattern = stub.request
            guard pattern.readsBody ? pattern.withoutBodyConditions.matches(context) : pattern.matches(context) else {
                continue
            }
            if pattern.readsBody { return .dependsOnBody }
            guard commit(stub) else { return .stub(stub) }
            switch takeScenarioStep(of: stub) {
            case .taken, .takenLocally: return .stub(stub)
            case .lost: return nil
            // Left to the whole request's decision, which answers the refusal.
            case .refused: return .dependsOnBody
            }
        }
        return .noMatch
    }
}

extension RequestPattern {
    /// True when matching needs the request body: body patterns, multipart patterns, or form
    /// parameters (read from a form-encoded body).
    public var readsBody: Bool {
        !bodyPatterns.isEmpty || !multipartPatterns.isEmpty || !formParameters.isEmpty
    }

    /// This pattern with every condition on the body left out.
    var withoutBodyConditions: RequestPattern {
        var pattern = self
        pattern.bodyPatterns = []
        pattern.multipartPatterns = []
        pattern.formParameters = []
        return pattern
    }
}
