import Foundation

extension StubEngine {
    /// Serves a request on the spot when the stub it selects needs nothing but its own response:
    /// no delay, fault, dribble, gate, proxy, template or body file, and `accept` agrees. Then the
    /// request is journalled and its scenario moved exactly as ``stage(_:consoleWidth:now:)``
    /// would. Otherwise (and for a request no stub matches) the result is nil and nothing has
    /// changed, so the caller can hand the request to a path that serves everything.
    ///
    /// A server uses it to answer the common request without the machinery the rest need.
    /// - Parameter accept: the caller's own conditions on the stub (what it can encode).
    public func answerAtOnce(_ request: LoggedRequest, now: Date = Date(), accepting accept: (StubMapping) -> Bool) -> ServeDecision? {
        let global = settings
        guard (global.fixedDelay ?? 0) == 0, global.delayDistribution == nil else { return nil }
        guard let stub = store.match(request, now: now, accepting: { isAnsweredAtOnce($0.response) && accept($0) }) else { return nil }
        return matchedDecision(stub, request: request, now: now)
    }

    /// True when a response is its own bytes, sent as soon as it is chosen.
    func isAnsweredAtOnce(_ response: ResponseDefinition) -> Bool {
        if case .file = response.body { return false }
        return response.fault == nil && (response.fixedDelayMilliseconds ?? 0) == 0 && response.delayDistribution == nil
            && response.chunkedDribbleDelay == nil && response.proxy == nil
            && response.transformerParameters?[ResponseGate.parameterName] == nil
            && !templater.applies(to: response)
    }
}
