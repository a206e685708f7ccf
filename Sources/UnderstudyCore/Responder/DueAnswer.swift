import Foundation

/// Waits, without blocking a thread, until a decision's answer is due: past its gate, then its
/// delay (on the engine's manual clock when it has one). The socketless transports (OpenAPI's,
/// gRPC's) share it.
package enum DueAnswer {
    /// Returns false when the in-process host went offline first (its requests in flight drop).
    /// - Parameter completing: complete the journal entry when the answer is due, as a transport
    ///   that sends a whole answer at once does; a streaming one completes it after the stream.
    package static func wait(
        for decision: ServeDecision, engine: StubEngine, connectivity: InProcessConnectivity?,
        completing: Bool = true
    ) async -> Bool {
        let id = decision.eventID
        defer { connectivity?.finish(id) }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = ResumeOnce(continuation)
            connectivity?.track(id) { once.resume(false) }
            let delay = decision.delay
            let due: @Sendable () -> Void = {
                if completing { InProcessExchange.complete(decision, engine: engine) }
                once.resume(true)
            }
            let proceed: @Sendable () -> Void = {
                guard delay > .zero else { return due() }
                if let clock = engine.clock { return clock.schedule(after: delay, due) }
                Task {
                    try? await Task.sleep(for: delay)
                    due()
                }
            }
            if let gate = decision.gate { gate.hold(proceed) } else { proceed() }
        }
    }
}
