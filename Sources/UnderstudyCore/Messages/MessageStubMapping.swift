import Foundation
import UnderstudyJSON

/// One message stub in WireMock 4's message-mapping format: what triggers it and what it does.
///
/// The JSON it was decoded from is kept, so the codec writes it back as written, unknown fields
/// and all (``json``); the typed fields are what the engine acts on.
public struct MessageStubMapping: Sendable, Identifiable {
    /// WireMock's default priority for message stubs: 1 is highest; an absent priority counts as 5.
    public static let defaultPriority = 5

    public var id: UUID
    public var name: String?
    /// As written; `nil` means the default.
    public var priority: Int?
    public var metadata: JSONObject?
    public var trigger: MessageTrigger
    public var actions: [MessageAction]
    /// The object as written, with `id` (and `uuid`, when written) filled in.
    var source: JSONObject

    /// The priority used for ordering.
    public var effectivePriority: Int { priority ?? Self.defaultPriority }

    /// The stub as written, with its id.
    public var json: JSONValue {
        var object = source
        object["id"] = .string(id.lowercasedString)
        if object["uuid"] != nil { object["uuid"] = .string(id.lowercasedString) }
        return .object(object)
    }
}
