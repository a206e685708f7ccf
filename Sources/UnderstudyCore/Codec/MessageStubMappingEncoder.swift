import Foundation
import UnderstudyJSON

extension MessageStubMapping {
    /// A message stub built in code; its JSON is worked out from the typed fields, so the admin
    /// API and the journal show it as a decoded one would be shown.
    public init(
        id: UUID = FastUUID.next(), name: String? = nil, priority: Int? = nil, metadata: JSONObject? = nil,
        trigger: MessageTrigger, actions: [MessageAction]
    ) {
        var source: JSONObject = ["id": .string(id.lowercasedString)]
        if let name { source["name"] = .string(name) }
        if let priority { source["priority"] = .int(priority) }
        source["trigger"] = trigger.json
        source["actions"] = .array(actions.map(\.json))
        if let metadata { source["metadata"] = .object(metadata) }
        self.init(
            id: id, name: name, priority: priority, metadata: metadata, trigger: trigger, actions: actions,
            source: source)
    }
}

extension MessageTrigger {
    /// The trigger in WireMock's message-mapping JSON (`channel-open` is our extension).
    public var json: JSONValue {
        func channel(_ pattern: RequestPattern?) -> JSONValue {
            var object: JSONObject = ["type": "websocket"]
            if let pattern { object["initiatingRequestPattern"] = pattern.json }
            return .object(object)
        }
        switch self {
        case .message(let pattern, let body):
            var object: JSONObject = ["type": "message", "channel": channel(pattern)]
            if let body { object["message"] = ["body": body.json] }
            return .object(object)
        case .channelOpen(let pattern):
            return ["type": "channel-open", "channel": channel(pattern)]
        case .httpStub(let id):
            return ["type": "http-stub", "stubId": .string(id.lowercasedString)]
        case .httpRequest(let pattern):
            return ["type": "http-request", "requestPattern": pattern.json]
        }
    }
}

extension MessageAction {
    /// The action in WireMock's JSON (`close` and `delayMilliseconds` are our extensions).
    public var json: JSONValue {
        var object: JSONObject
        let delay: Int?
        switch self {
        case .send(let send):
            object = ["type": "send", "message": send.body.json, "channelTarget": send.target.json]
            if !send.transformers.isEmpty { object["transformers"] = .array(send.transformers.map { .string($0) }) }
            delay = send.delayMilliseconds
        case .close(let close):
            object = ["type": "close", "code": .int(close.code), "channelTarget": close.target.json]
            if !close.reason.isEmpty { object["reason"] = .string(close.reason) }
            delay = close.delayMilliseconds
        }
        if let delay { object["delayMilliseconds"] = .int(delay) }
        return .object(object)
    }
}

extension MessageBody {
    /// `{"body":{"data":"…"}}`, with `"isBinary": true` and base64 for bytes.
    public var json: JSONValue {
        switch self {
        case .text(let text): ["body": ["data": .string(text)]]
        case .binary(let data): ["body": ["data": .string(data.base64EncodedString()), "isBinary": true]]
        }
    }
}

extension ChannelTarget {
    /// The target as WireMock 4 writes it (`channelTarget`).
    public var json: JSONValue {
        switch self {
        case .originating: ["type": "originating"]
        case .requestInitiated(let pattern):
            ["type": "request-initiated", "channelType": "websocket", "requestPattern": pattern.json]
        }
    }
}
