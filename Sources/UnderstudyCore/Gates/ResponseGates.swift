import Synchronization

/// The gates of one engine, by id: a stub names its gate (``ResponseDefinition/gate``), and the
/// engine's transports find the gate here, so two engines never share one and nothing is global.
///
/// A gate is adopted when a stub enters through a host's API, before any request can reach it:
/// a test can wait at a gate before the first request, and a request never creates one. A stub
/// naming an id this engine never adopted (JSON from elsewhere) is not held.
public final class ResponseGates: Sendable {
    private let gates = Mutex<[GateID: ResponseGate]>([:])

    /// No gates yet.
    public init() {}

    /// The gate named `id`, created closed when this engine has none yet.
    @discardableResult
    public func adopt(_ id: GateID) -> ResponseGate {
        gates.withLock { gates in
            if let gate = gates[id] { return gate }
            let gate = ResponseGate(id: id)
            gates[id] = gate
            return gate
        }
    }

    /// The gate named `id`, if this engine adopted one.
    public func existing(_ id: GateID) -> ResponseGate? {
        gates.withLock { $0[id] }
    }

    /// Opens every gate and forgets them all, so a stopping or reset host never leaves a request hanging.
    public func retireAll() {
        let all = gates.withLock { gates in
            defer { gates = [:] }
            return Array(gates.values)
        }
        for gate in all { gate.release() }
    }
}
