import Foundation
import UnderstudyJSON
import UnderstudyTemplating

extension ResponseTemplater {
    /// The request a webhook sends: its method, URL, header values and text body rendered as
    /// templates (always, as in WireMock, whatever the templating mode) over the request the
    /// stub answered (`originalRequest`) and its answer (`originalResponse`).
    func render(
        _ webhook: Webhook, stub: StubMapping, request: LoggedRequest, response: LoggedResponse,
        files: FilesDirectory?, now: Date = Date()
    ) throws(TemplateError) -> WebhookRequest {
        let variables = Self.pathVariables(of: stub, in: request)
        let environment = environment(files: files)
        let original = Self.model(of: response)
        func render(_ text: String) throws(TemplateError) -> String {
            guard text.contains("{{") else { return text }
            return try cache.template(text).render(
                originalRequest: request, originalResponse: original, pathVariables: variables, now: now,
                systemKeys: systemKeys, environment: environment)
        }
        var headers = HeaderFields()
        for header in webhook.headers {
            for value in header.values { headers.add(header.name, try render(value)) }
        }
        let body: Data
        switch webhook.body {
        case .text(let text)?: body = Data(try render(text).utf8)
        case .binary(let data)?: body = data
        case nil: body = Data()
        }
        return WebhookRequest(
            method: try render(webhook.method), url: try render(webhook.url), headers: headers, body: body)
    }

    /// `originalResponse`: the status, headers (first value each) and body text as sent.
    static func model(of response: LoggedResponse) -> JSONValue {
        var headers = JSONObject()
        for name in response.headers.names {
            headers[name] = .string(response.headers.first(name) ?? "")
        }
        return [
            "status": .int(response.status), "headers": .object(headers),
            "body": .string(String(decoding: response.body, as: UTF8.self))
        ]
    }
}
