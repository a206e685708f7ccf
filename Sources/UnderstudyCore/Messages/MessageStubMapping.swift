import Foundation
import UnderstudyJSON

/// One message stub in WireMock 4's message-mapping format: what triggers it and what it does.
///
/// The JSON it was decoded from is kept, so the codec writes it back as written, unknown fields
/// and all (``json``); the typed fields are what the engine acts on. The fields live in one
/// shared, immutable box: every message copies the stub that matched it into the journal, and
/// copying each field one retain at a time was most of the cost of a message.
public struct MessageStubMapping: Sendable, Identifiable {
    /// WireMock's default priority for message stubs: 1 is highest; an absent priority counts as 5.
    public static let defaultPriority = 5

    struct Fields: Sendable {
        var id: UUID
        var name: String?
        var priority: Int?
        var metadata: JSONObject?
        var trigger: MessageTrigger
        var actions: [MessageAction]
        /// The object as written, with `id` (and `uuid`, when written) filled in by ``json``.
        var source: JSONObject
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    init(
        id: UUID, name: String?, priority: Int?, metadata: JSONObject?, trigger: MessageTrigger,
        actions: [MessageAction], source: JSONObject
    ) {
        box = Box(
            Fields(
                id: id, name: name, priority: priority, metadata: metadata, trigger: trigger, actions: actions,
                source: source))
    }

    private mutating func change(_ update: (inout Fields) -> Void) {
        var fields = box.fields
        update(&fields)
        box = Box(fields)
    }

    /// The stub's id.
    public var id: UUID {
        get { box.fields.id }
        set { change { $0.id = newValue } }
    }
    /// A name for people.
    public var name: String? { box.fields.name }
    /// As written; `nil` means the default.
    public var priority: Int? { box.fields.priority }
    /// Free-form data, found by the metadata queries.
    public var metadata: JSONObject? { box.fields.metadata }
    /// What makes the stub act.
    public var trigger: MessageTrigger { box.fields.trigger }
    /// What it does, in order.
    public var actions: [MessageAction] { box.fields.actions }
    var source: JSONObject { box.fields.source }

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
