import Foundation
import UnderstudyCore

/// A response that waits at a ``ResponseGate`` until the test releases it; made by
/// ``UnderstudyCore/ResponseDefinition/held()`` and added with ``StubHost/stub(_:_:priority:)-(_,HeldResponse,_)``.
public struct HeldResponse: Sendable {
    /// The response, naming its gate in `transformerParameters.understudyHeldBy`.
    public var response: ResponseDefinition
    /// The gate that holds it.
    public var gate: ResponseGate
}

extension ResponseDefinition {
    /// This response, held at a new closed gate until the test calls `gate.release()`.
    /// Works on both transports; add it with `let gate = host.stub(pattern, .ok().held())`.
    public func held() -> HeldResponse {
        let gate = ResponseGate()
        var copy = self
        var parameters = copy.transformerParameters ?? JSONObject()
        parameters[ResponseGate.parameterName] = .string(gate.id.uuidString)
        copy.transformerParameters = parameters
        return HeldResponse(response: copy, gate: gate)
    }
}

extension StubHost {
    /// Adds a stub whose responses wait at the returned gate until released.
    /// Requests are journalled when they arrive, so ``waitForRequests(matching:count:timeout:)``
    /// and ``ResponseGate/waitUntilHolding(_:timeout:)`` both see a held request.
    public func stub(_ pattern: RequestPattern, _ held: HeldResponse, priority: Int? = nil) -> ResponseGate {
        stub(pattern, held.response, priority: priority)
        return held.gate
    }

    /// Opens and forgets every gate the host's stubs name, so nothing stays held past the host.
    func retireGates() {
        for stub in engine.store.stubs {
            ResponseGate.holding(stub.response)?.retire()
        }
    }
}
