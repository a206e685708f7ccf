import Foundation

/// The socket-free path from a request to what to answer, shared by the URLProtocol and the
/// swift-openapi-runtime transport (`UnderstudyOpenAPITransport`), so both decide, journal and
/// turn faults into errors the same way. Each caller waits for the gate and the delay in its
/// own way, then calls ``complete(_:)`` and answers.
package enum InProcessExchange {
    /// What the caller tells its client once the answer is due.
    package enum Outcome: Sendable {
        /// Answer with this decision's status, headers and body.
        case respond(ServeDecision)
        /// Fail with this `URLError` code: a fault, or what the caller cannot render.
        case fail(URLError.Code, message: String)

        /// True for an answer, false for a failure.
        package var isRespond: Bool {
            if case .respond = self { return true }
            return false
        }
    }

    /// Asks `responder` for `request` and journals it; the decision is nil when nothing was
    /// decided (the host is offline, or the engine declined).
    /// - Parameter refusal: what the caller cannot render of a matched stub, as a message.
    package static func decide(
        _ request: LoggedRequest, responder: Responder, refusal: (ServeDecision) -> String?
    ) -> (Outcome, ServeDecision?) {
        let decision: ServeDecision
        switch responder.respond(request, route: responder.route(request.url)) {
        case .stub(let decided):
            decision = decided
        case .reset:
            return (
                .fail(
                    .notConnectedToInternet, message: "Understudy in-process: the stub host is offline (goOffline())."),
                nil
            )
        case .admin, .dashboard:
            // Never happens: a socketless responder mounts nothing, and inline capabilities answer
            // every request. Said plainly should that change.
            return (
                .fail(.resourceUnavailable, message: "Understudy in-process: the stub engine declined the request."),
                nil
            )
        }
        if let message = refusal(decision) {
            return (.fail(InProcessRefusal.errorCode, message: message), decision)
        }
        if let fault = decision.fault {
            return (.fail(fault.urlErrorCode, message: "Understudy in-process: fault \(fault.rawValue)"), decision)
        }
        return (.respond(decision), decision)
    }

    /// Completes the journal entry when the answer is due, as the server does: after the gate and
    /// the delay, whether or not the client is still there to be told. A stream's entry is
    /// completed when the stream ends, with what went out (`subEvents`), as the server does.
    package static func complete(_ decision: ServeDecision, engine: StubEngine, subEvents: [SubEvent] = []) {
        engine.complete(
            decision, timing: ServeTiming(addedDelay: Int(decision.delay / .milliseconds(1))), subEvents: subEvents)
    }

    /// The message for what a transport that hands back whole responses cannot render: streams
    /// and proxies (redirects and challenges are answered as they are, a dribble in one piece).
    package static func wholeResponseRefusal(_ decision: ServeDecision) -> String? {
        guard let refusal = InProcessRefusal(decision) else { return nil }
        switch refusal {
        case .stream, .proxy: return refusal.message
        case .redirect, .challenge, .dribble, .hiddenUploadBody: return nil
        }
    }
}
