import Foundation
import UnderstudyJSON

extension MessageStubMapping {
    /// Decodes one message stub from WireMock's message-mapping JSON. Unknown keys are kept and
    /// written back; an absent or empty `id` (or `uuid`) gets a fresh UUID.
    public init(json value: JSONValue) throws(MappingError) {
        self = try MessageStubMappingDecoder.decode(value, at: "")
    }

    /// Decodes one message stub from JSON text.
    public init(jsonText: String) throws(MappingError) {
        let value: JSONValue
        do { value = try JSONParser.parse(jsonText) } catch {
            throw MappingError(title: "Error parsing JSON", detail: error.description)
        }
        try self.init(json: value)
    }
}

enum MessageStubMappingDecoder {
    static func decode(_ value: JSONValue, at pointer: String) throws(MappingError) -> MessageStubMapping {
        let reader = try FieldReader(value, at: pointer)
        var id = FastUUID.next()
        for key in ["id", "uuid"] {
            guard let text = try reader.string(key), !text.isEmpty else { continue }
            guard let parsed = UUID(uuidString: text) else {
                throw MappingError(pointer: reader.path(key), title: "\(text) is not a valid UUID")
            }
            id = parsed
            break
        }
        let priority = try reader.int("priority")
        if let priority, priority < 1 { throw .invalid(reader.path("priority"), "priority must be at least 1") }
        guard let triggerValue = reader.value("trigger") else {
            throw .invalid(reader.path("trigger"), "A message stub needs a trigger")
        }
        let trigger = try self.trigger(triggerValue, at: reader.path("trigger"))
        var actions: [MessageAction] = []
        for (i, item) in (try reader.array("actions") ?? []).enumerated() {
            actions.append(try action(item, at: UnderstudyCore.pointer(reader.path("actions"), i)))
        }
        return MessageStubMapping(
            id: id, name: try reader.string("name"), priority: priority, metadata: try reader.objectValue("metadata"),
            trigger: trigger, actions: actions, source: reader.object)
    }

    static func trigger(_ value: JSONValue, at pointer: String) throws(MappingError) -> MessageTrigger {
        let reader = try FieldReader(value, at: pointer)
        switch try reader.string("type") {
        case "message":
            let body = try reader.objectValue("message").map { message throws(MappingError) in
                try FieldReader(.object(message), at: reader.path("message")).value("body").map {
                    body throws(MappingError) in
                    try StringValuePatternDecoder.decode(
                        body, at: UnderstudyCore.pointer(reader.path("message"), "body"))
                }
            }
            return .message(channel: try channelPattern(reader), body: body ?? nil)
        case "channel-open":
            return .channelOpen(channel: try channelPattern(reader))
        case "http-stub":
            guard let text = try reader.string("stubId"), let id = UUID(uuidString: text) else {
                throw .invalid(reader.path("stubId"), "An http-stub trigger needs the stubId of an HTTP stub (a UUID)")
            }
            return .httpStub(id)
        case "http-request":
            guard let pattern = reader.value("requestPattern") else {
                throw .invalid(reader.path("requestPattern"), "An http-request trigger needs a requestPattern")
            }
            return .httpRequest(try RequestPatternDecoder.decode(pattern, at: reader.path("requestPattern")))
        case let other:
            throw .invalid(
                reader.path("type"),
                "Unknown trigger type '\(other ?? "")'; use message, http-stub, http-request or channel-open")
        }
    }

    /// The `channel` of a message or channel-open trigger: only WebSocket channels exist.
    private static func channelPattern(_ trigger: FieldReader) throws(MappingError) -> RequestPattern? {
        guard let channel = trigger.value("channel") else { return nil }
        let reader = try FieldReader(channel, at: trigger.path("channel"))
        try channelType(reader, "type")
        return try reader.value("initiatingRequestPattern").map { pattern throws(MappingError) in
            try RequestPatternDecoder.decode(pattern, at: reader.path("initiatingRequestPattern"))
        }
    }

    private static func channelType(_ reader: FieldReader, _ key: String) throws(MappingError) {
        if let type = try reader.string(key), type.lowercased() != "websocket" {
            throw .invalid(reader.path(key), "Unknown channel type '\(type)'; Understudy has websocket channels")
        }
    }

    static func action(_ value: JSONValue, at pointer: String) throws(MappingError) -> MessageAction {
        let reader = try FieldReader(value, at: pointer)
        let delay = try reader.int("delayMilliseconds")
        if (delay ?? 0) < 0 {
            throw .invalid(reader.path("delayMilliseconds"), "delayMilliseconds must not be negative")
        }
        let target = try channelTarget(reader)
        switch try reader.string("type") {
        case "send":
            guard let message = reader.value("message") else {
                throw .invalid(reader.path("message"), "A send action needs a message")
            }
            let transformers = try (reader.array("transformers") ?? []).enumerated().map {
                (i, item) throws(MappingError) -> String in
                guard case .string(let name) = item else {
                    throw .invalid(
                        UnderstudyCore.pointer(reader.path("transformers"), i), "Expected a transformer name")
                }
                return name
            }
            return .send(
                MessageSend(
                    body: try body(message, at: reader.path("message")), target: target, delayMilliseconds: delay,
                    transformers: transformers))
        case "close":
            let code = try reader.int("code") ?? 1000
            // 1005, 1006 and 1015 are never sent on the wire (RFC 6455 §7.4.1).
            guard (1000...4999).contains(code), ![1004, 1005, 1006, 1015].contains(code) else {
                throw .invalid(reader.path("code"), "\(code) is not a close code a server may send")
            }
            let reason = try reader.string("reason") ?? ""
            guard reason.utf8.count <= 123 else {
                throw .invalid(reader.path("reason"), "A close reason is at most 123 bytes of UTF-8")
            }
            return .close(MessageClose(code: code, reason: reason, target: target, delayMilliseconds: delay))
        case let other:
            throw .invalid(reader.path("type"), "Unknown action type '\(other ?? "")'; use send or close")
        }
    }

    static func channelTarget(_ action: FieldReader) throws(MappingError) -> ChannelTarget {
        guard let value = action.value("channelTarget") else { return .originating }
        let reader = try FieldReader(value, at: action.path("channelTarget"))
        switch try reader.string("type") {
        case "originating", nil:
            return .originating
        case "request-initiated":
            try channelType(reader, "channelType")
            guard let pattern = reader.value("requestPattern") else {
                throw .invalid(reader.path("requestPattern"), "A request-initiated target needs a requestPattern")
            }
            return .requestInitiated(try RequestPatternDecoder.decode(pattern, at: reader.path("requestPattern")))
        case let other:
            throw .invalid(
                reader.path("type"), "Unknown channel target '\(other ?? "")'; use originating or request-initiated")
        }
    }

    /// A message definition: `{"body": {"data": "…"}}`, or base64 data with `"isBinary": true`.
    static func body(_ value: JSONValue, at pointer: String) throws(MappingError) -> MessageBody {
        let message = try FieldReader(value, at: pointer)
        guard let bodyValue = message.value("body") else { return .text("") }
        let reader = try FieldReader(bodyValue, at: message.path("body"))
        let data: String
        switch reader.value("data") {
        case .string(let text)?: data = text
        case nil: data = ""
        // A JSON value goes out as compact JSON text.
        case let json?: data = JSONWriter.string(json)
        }
        guard try reader.bool("isBinary") == true else { return .text(data) }
        guard let bytes = Data(base64Encoded: data) else {
            throw .invalid(reader.path("data"), "A binary message's data must be base64")
        }
        return .binary(bytes)
    }
}

extension MessageBody {
    /// Decodes a message definition, `{"body": {"data": "…"}}` (base64 with `"isBinary": true`).
    /// - Parameters:
    ///   - value: the message definition.
    ///   - pointer: where the value sits, for errors.
    public init(json value: JSONValue, at pointer: String = "") throws(MappingError) {
        self = try MessageStubMappingDecoder.body(value, at: pointer)
    }
}
