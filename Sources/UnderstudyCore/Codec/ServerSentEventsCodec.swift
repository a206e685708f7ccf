import Foundation
import UnderstudyJSON

/// Decodes and encodes `serverSentEvents`. Our own extension, so unknown keys are errors: a
/// misspelt `delayMiliseconds` would otherwise send every event at once without a word.
enum ServerSentEventsCodec {
    static let streamKeys: Set<String> = ["events", "heartbeatMilliseconds", "keepOpen", "heldBy"]
    static let eventKeys: Set<String> = [
        "id", "event", "data", "comment", "retry", "delayMilliseconds", "fault", "held"
    ]

    static func decode(_ value: JSONValue, at pointer: String) throws(MappingError) -> ServerSentEvents {
        let reader = try FieldReader(value, at: pointer)
        try refuseUnknownKeys(reader, allowed: streamKeys, in: "serverSentEvents")
        guard let list = try reader.array("events") else {
            throw .invalid(reader.path("events"), "serverSentEvents needs an events array (it may be empty)")
        }
        var events: [ServerSentEvent] = []
        for (i, item) in list.enumerated() {
            events.append(try event(item, at: UnderstudyCore.pointer(reader.path("events"), i)))
        }
        let heartbeat = try reader.int("heartbeatMilliseconds")
        if let heartbeat, heartbeat < 1 {
            throw .invalid(reader.path("heartbeatMilliseconds"), "heartbeatMilliseconds must be at least 1")
        }
        var heldBy: GateID?
        if let text = try reader.string("heldBy") {
            guard let uuid = UUID(uuidString: text) else {
                throw .invalid(reader.path("heldBy"), "heldBy must be a UUID, the id of the gate that holds events")
            }
            heldBy = GateID(uuid: uuid)
        }
        if heldBy == nil, let index = events.firstIndex(where: \.held) {
            throw .invalid(
                UnderstudyCore.pointer(reader.path("events"), index) + "/held",
                "A held event waits at the stream's gate: name it with serverSentEvents.heldBy (a UUID)")
        }
        return ServerSentEvents(
            events: events, heartbeatMilliseconds: heartbeat, keepOpen: try reader.bool("keepOpen"), heldBy: heldBy)
    }

    static func event(_ value: JSONValue, at pointer: String) throws(MappingError) -> ServerSentEvent {
        let reader = try FieldReader(value, at: pointer)
        try refuseUnknownKeys(reader, allowed: eventKeys, in: "an event")
        var event = ServerSentEvent()
        event.id = try singleLine(reader, "id")
        event.event = try singleLine(reader, "event")
        event.comment = try reader.string("comment")
        event.data = reader.value("data")
        event.retry = try reader.int("retry")
        event.delayMilliseconds = try reader.int("delayMilliseconds")
        event.held = try reader.bool("held") ?? false
        if (event.retry ?? 0) < 0 { throw .invalid(reader.path("retry"), "retry must not be negative") }
        if (event.delayMilliseconds ?? 0) < 0 {
            throw .invalid(reader.path("delayMilliseconds"), "delayMilliseconds must not be negative")
        }
        if let name = try reader.string("fault") {
            guard let fault = Fault(rawValue: name) else {
                let names = Fault.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalid(reader.path("fault"), "Unknown fault '\(name)'; use one of \(names)")
            }
            if let other = ["id", "event", "data", "comment", "retry"].first(where: reader.has) {
                throw .invalid(
                    reader.path("fault"),
                    "An event with a fault breaks the stream and sends nothing, so it cannot have \(other); put \(other) on an event of its own"
                )
            }
            event.fault = fault
        }
        let timing: Set<String> = ["delayMilliseconds", "held"]
        guard reader.object.members.contains(where: { !$0.value.isNull && !timing.contains($0.key) }) else {
            throw .invalid(pointer, "An event needs at least one of id, event, data, comment, retry or fault")
        }
        return event
    }

    /// `id` and `event` are one line on the wire: a line break would end the field early.
    private static func singleLine(_ reader: FieldReader, _ key: String) throws(MappingError) -> String? {
        guard let text = try reader.string(key) else { return nil }
        guard !text.contains(where: \.isNewline) else {
            throw .invalid(reader.path(key), "\(key) must be one line: a line break would end the field early")
        }
        return text
    }

    static func refuseUnknownKeys(_ reader: FieldReader, allowed: Set<String>, in place: String) throws(MappingError) {
        if let unknown = reader.object.members.first(where: { !allowed.contains($0.key) }) {
            let names = allowed.sorted().joined(separator: ", ")
            throw .invalid(reader.path(unknown.key), "Unknown field '\(unknown.key)' in \(place); use \(names)")
        }
    }
}

extension ServerSentEvents {
    /// The `serverSentEvents` object, with absent fields left out.
    public var json: JSONValue {
        var object: JSONObject = ["events": .array(events.map(\.json))]
        if let heartbeatMilliseconds { object["heartbeatMilliseconds"] = .int(heartbeatMilliseconds) }
        if let keepOpen { object["keepOpen"] = .bool(keepOpen) }
        if let heldBy { object["heldBy"] = .string(heldBy.uuid.uuidString) }
        return .object(object)
    }
}

extension ServerSentEvent {
    /// One event object, with absent fields left out.
    public var json: JSONValue {
        var object = JSONObject()
        if let id { object["id"] = .string(id) }
        if let event { object["event"] = .string(event) }
        if let data { object["data"] = data }
        if let comment { object["comment"] = .string(comment) }
        if let retry { object["retry"] = .int(retry) }
        if let delayMilliseconds { object["delayMilliseconds"] = .int(delayMilliseconds) }
        if let fault { object["fault"] = .string(fault.rawValue) }
        if held { object["held"] = .bool(true) }
        return .object(object)
    }
}
