import Foundation
import UnderstudyCore
import UnderstudyJSON

extension ResponseDefinition {
    /// This response, held at a new closed ``ResponseGate`` until the test
    /// releases it. Works on both transports:
    ///
    /// ```swift
    /// let gate = host.stub(.post("/reviews"), .created().held())
    /// // … the client sends; the request is journalled and waits …
    /// try await gate.waitUntilHolding(1)
    /// gate.release()
    /// ```
    ///
    /// Building it only names a new gate (`UnderstudyCore/ResponseDefinition/gate`, written in
    /// the JSON as `transformerParameters.understudyHeldBy`); the gate itself is made by each host
    /// the stub is added to, so the same value on two hosts gives two independent gates.
    public func held() -> ResponseDefinition {
        var copy = self
        copy.gate = GateID()
        return copy
    }
}

extension StubHandle {
    /// The gate holding this stub's responses (`ResponseDefinition.held()`) or its held
    /// server-sent events (`ServerSentEvent.held()`), if any.
    public var gate: ResponseGate? {
        mappings.lazy.compactMap { mapping in
            (mapping.response.gate ?? mapping.response.serverSentEvents?.heldBy).flatMap(engine.gates.existing)
        }.first
    }

    /// How many requests wait at this stub's gate (0 without a gate).
    public var waiting: Int { gate?.waiting ?? 0 }

    /// Opens this stub's gate for good: held requests go, later ones pass.
    public func release() {
        gate?.release()
    }

    /// Lets `count` requests through this stub's gate; it stays closed for the rest.
    public func release(count: Int) {
        gate?.release(count: count)
    }

    /// Waits, without polling, until this stub's gate holds `count` requests.
    /// - Throws: ``ResponseGateTimeout`` when `timeout` passes first, or at once
    ///   when the stub has no gate.
    public func waitUntilHolding(_ count: Int = 1, timeout: Duration = .seconds(5)) async throws {
        guard let gate else { throw ResponseGateTimeout(expected: count, held: 0, timeout: .zero) }
        try await gate.waitUntilHolding(count, timeout: timeout)
    }
}

extension StubHost {
    /// Opens and forgets every gate of the host's engine, so nothing stays held past the host.
    func retireGates() {
        engine.gates.retireAll()
    }
}

extension StubEngine {
    /// Makes the gate `response` names, if any, before its stub is added: a test can wait at it
    /// before the first request, and no request ever creates one.
    func adoptGate(of response: ResponseDefinition) {
        if let id = response.gate { gates.adopt(id) }
        if let id = response.serverSentEvents?.heldBy { gates.adopt(id) }
    }
}
