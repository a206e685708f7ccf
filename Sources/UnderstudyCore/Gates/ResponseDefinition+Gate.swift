import Foundation
import UnderstudyJSON

extension ResponseDefinition {
    /// The gate holding this response, if it names one. Stored in `transformerParameters` under
    /// ``ResponseGate/parameterName`` as a UUID string, so the JSON is readable and round-trips;
    /// a value there that is not a UUID reads as nil (it still keeps the stub off the fast path).
    public var gate: GateID? {
        get {
            guard case .string(let text)? = transformerParameters?[ResponseGate.parameterName],
                let uuid = UUID(uuidString: text)
            else { return nil }
            return GateID(uuid: uuid)
        }
        set {
            var parameters = transformerParameters ?? JSONObject()
            parameters[ResponseGate.parameterName] = newValue.map { .string($0.uuid.uuidString) }
            transformerParameters = parameters.isEmpty ? nil : parameters
        }
    }
}
