import Foundation

/// Names a ``ResponseGate`` in a stub's response, so the stub stays a plain value: the JSON
/// carries only this id (`transformerParameters.understudyHeldBy`), and each engine keeps the gate
/// itself in its ``ResponseGates``.
public struct GateID: Hashable, Sendable, CustomStringConvertible {
    /// The gate's id.
    public let uuid: UUID

    /// A new id, naming no gate until an engine adopts it.
    public init() { uuid = UUID() }

    /// The id written as `uuid` in a stub's JSON.
    public init(uuid: UUID) { self.uuid = uuid }

    public var description: String { uuid.uuidString }
}
