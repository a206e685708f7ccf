import Foundation
import UnderstudyJSON

/// Reads the webhooks out of a stub's `serveEventListeners` and `postServeActions`, as kept
/// raw on ``StubMapping``. Listeners with other names are left alone (WireMock extensions).
enum WebhookDecoder {
    static let name = "webhook"

    static func webhooks(
        serveEventListeners: JSONValue?, postServeActions: JSONValue?, at base: String = ""
    ) throws(MappingError) -> [Webhook] {
        var found: [Webhook] = []
        if let listeners = serveEventListeners {
            found += try named(listeners, at: pointer(base, "serveEventListeners"))
        }
        switch postServeActions {
        case .object(let byName)?:
            // WireMock 2's older form: {"webhook": {parameters}}.
            if let parameters = byName[name], !parameters.isNull {
                found.append(try webhook(parameters, at: pointer(pointer(base, "postServeActions"), name)))
            }
        case let actions?:
            found += try named(actions, at: pointer(base, "postServeActions"))
        case nil:
            break
        }
        return found
    }

    /// `[{"name": "webhook", "parameters": {…}}, …]`
    private static func named(_ value: JSONValue, at pointer: String) throws(MappingError) -> [Webhook] {
        guard case .array(let items) = value else {
            if value.isNull { return [] }
            throw .invalid(pointer, "Expected an array but found \(value.typeName)")
        }
        var found: [Webhook] = []
        for (i, item) in items.enumerated() {
            let reader = try FieldReader(item, at: UnderstudyCore.pointer(pointer, i))
            guard try reader.string("name") == name else { continue }
            guard let parameters = reader.value("parameters") else {
                throw .invalid(reader.path("parameters"), "A webhook needs parameters with at least a url")
            }
            found.append(try webhook(parameters, at: reader.path("parameters")))
        }
        return found
    }

    static func webhook(_ value: JSONValue, at pointer: String) throws(MappingError) -> Webhook {
        let reader = try FieldReader(value, at: pointer)
        guard let url = try reader.string("url"), !url.isEmpty else {
            throw .invalid(reader.path("url"), "A webhook needs a url")
        }
        var webhook = Webhook(url: url)
        if let method = try reader.string("method") { webhook.method = method }
        webhook.headers = try ResponseDefinitionDecoder.headers(reader, "headers")
        if let body = try reader.string("body") {
            webhook.body = .text(body)
        } else if let base64 = try reader.string("base64Body") {
            guard let data = Data(base64Encoded: base64) else {
                throw .invalid(reader.path("base64Body"), "base64Body is not valid base64")
            }
            webhook.body = .binary(data)
        }
        if let delay = reader.value("delay") {
            webhook.delay = try ResponseDefinitionDecoder.distribution(delay, at: reader.path("delay"))
        }
        return webhook
    }
}

extension StubMapping {
    /// The webhooks this stub sends after answering, read from `serveEventListeners` and
    /// `postServeActions` (which are kept, and written back, exactly as given).
    /// - Throws: ``MappingError`` at the JSON pointer of a malformed webhook.
    public func decodedWebhooks() throws(MappingError) -> [Webhook] {
        try WebhookDecoder.webhooks(serveEventListeners: serveEventListeners, postServeActions: postServeActions)
    }
}
