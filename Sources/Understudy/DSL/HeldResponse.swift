import Foundation
import UnderstudyCore
import UnderstudyJSON

extension ResponseDefinition {
    /// This response, held at a new closed ``UnderstudyCore/ResponseGate`` until the test
    /// releases it. Works on both transports:
    ///
    /// ```swift
    /// let gate = host.stub(.post("/reviews"), .created().held())
    /// // … the client sends; the request is journalled and waits …
    /// try await gate.waitUntilHolding(1)
    /// gate.release()
    /// ```
    ///
    /// The gate is named in the response's JSON (`transformerParameters.understudyHeldBy`).
    public func held() -> ResponseDefinition {
        let gate = ResponseGate()
        var copy = self
        var parameters = copy.transformerParameters ?? JSONObject()
        parameters[ResponseGate.parameterName] = .string(gate.id.uuidString)
        copy.transformerParameters = parameters
        return copy
    }
}

extension StubHandle {
    /// The gate holding this stub's responses (``UnderstudyCore/ResponseDefinition/held()``), if any.
    public var gate: ResponseGate? {
        mappings.lazy.compactMap { ResponseGate.holding($0.response) }.first
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
    /// - Throws: ``UnderstudyCore/ResponseGateTimeout`` when `timeout` passes first, or at once
    ///   when the stub has no gate.
    public func waitUntilHolding(_ count: Int = 1, timeout: Duration = .seconds(5)) async throws {
        guard let gate else { throw ResponseGateTimeout(expected: count, held: 0, timeout: .zero) }
        try await gate.waitUntilHolding(count, timeout: timeout)
    }
}

extension StubHost {
    /// Opens and forgets every gate the host's stubs name, so nothing stays held past the host.
    func retireGates() {
        for stub in engine.store.stubs {
            ResponseGate.holding(stub.response)?.retire()
        }
    }
}
