import Foundation
import UnderstudyJSON

extension Webhook {
    /// WireMock 3's form: `{"name": "webhook", "parameters": {…}}`, an entry of `serveEventListeners`.
    public var json: JSONValue {
        var parameters: JSONObject = ["method": .string(method), "url": .string(url)]
        if !headers.isEmpty { parameters["headers"] = NamedValues.json(headers) }
        switch body {
        case .text(let text)?: parameters["body"] = .string(text)
        case .binary(let data)?: parameters["base64Body"] = .string(data.base64EncodedString())
        case nil: break
        }
        if let delay { parameters["delay"] = delay.json }
        return ["name": .string(WebhookDecoder.name), "parameters": .object(parameters)]
    }
}

extension StubMapping {
    /// This stub with `webhook` added to its `serveEventListeners` (WireMock 3's form).
    public func webhook(_ webhook: Webhook) -> StubMapping {
        var copy = self
        var listeners: [JSONValue] = []
        if case .array(let existing)? = serveEventListeners { listeners = existing }
        listeners.append(webhook.json)
        copy.serveEventListeners = .array(listeners)
        return copy
    }
}
