import NIOCore
import UnderstudyCore

/// What both fast paths (``PlainRequestFastPath`` and ``HTTP2FastPath``) do with a request once
/// they have read it: pick a stub they can answer at once, reuse the last encoded answer when it
/// is the same stub again (a client tends to ask for the same thing), journal it and count it.
/// `Response` is the path's encoded answer: bytes for HTTP/1.1, frames for HTTP/2.
struct FastPathAnswerer<Response> {
    private var lastStub: StubMapping?
    private var lastResponse: Response?

    /// - Parameters:
    ///   - capabilities: ``Capabilities/atOnce``, or ``Capabilities/atOnceWithQuickMisses`` for a
    ///     path whose `encode` can write a 404 without a stub.
    ///   - canAnswer: whether the path can answer this stub at once (checked only for a stub other
    ///     than the last one answered).
    ///   - encode: the stub's answer in the path's form.
    ///   - keep: whether to keep that answer for the next request (every open connection may hold one).
    /// - Returns: nil, with nothing journalled, when the general path must serve the request.
    mutating func answer(
        _ request: LoggedRequest, receivedAt: NIODeadline, environment: ConnectionEnvironment,
        capabilities: Capabilities = .atOnce, canAnswer: (StubMapping) -> Bool, encode: (ServeDecision) -> Response,
        keep: (Response) -> Bool
    ) -> Response? {
        let engine = environment.engine
        let cached = lastStub
        let decided = engine.decide(request, capabilities: capabilities) { stub in
            cached?.sharesStorage(with: stub) ?? false || canAnswer(stub)
        }
        guard case .immediate(let decision) = decided else { return nil }
        let decidedAt = NIODeadline.now()
        StubConnectionHandler.logServed(request, decision, to: environment.logger)
        let response: Response
        if let stub = decision.stub {
            if let cached, let lastResponse, cached.sharesStorage(with: stub) {
                response = lastResponse
            } else {
                response = encode(decision)
                let kept = keep(response)
                lastStub = kept ? stub : nil
                lastResponse = kept ? response : nil
            }
        } else {
            // A quick miss (only under atOnceWithQuickMisses): its 404 names this request, so it is never kept.
            response = encode(decision)
        }
        engine.complete(
            decision, timing: ServeTiming(processTime: StubConnectionHandler.milliseconds(decidedAt - receivedAt)))
        environment.fastPathAnswers.wrappingAdd(1, ordering: .relaxed)
        return response
    }
}
