import Foundation
import UnderstudyJSON

extension Template {
    /// Renders one field of a webhook: `{{originalRequest.…}}` reads the request the stub
    /// answered (as `request` does in a response template), `{{originalResponse.…}}` what it
    /// answered (`status`, `headers`, `body`).
    public func render(
        originalRequest: any TemplateRequest, originalResponse: JSONValue, pathVariables: [String: String] = [:],
        now: Date = Date(), systemKeys: SystemKeyPolicy = SystemKeyPolicy(),
        environment: TemplateEnvironment = TemplateEnvironment()
    ) throws(TemplateError) -> String {
        let root = TemplateWebhookRootModel(
            request: TemplateRequestModel(originalRequest, pathVariables: pathVariables), response: originalResponse)
        return try render(root: .model(root), now: now, systemKeys: systemKeys, environment: environment)
    }
}

/// The top-level context of a webhook's templates.
final class TemplateWebhookRootModel: TemplateModel {
    let request: TemplateRequestModel
    let response: JSONValue
    init(request: TemplateRequestModel, response: JSONValue) {
        self.request = request
        self.response = response
    }
    var text: String { "" }
    func member(_ name: String) -> TemplateValue? {
        switch name {
        case "originalRequest": return .model(request)
        case "originalResponse": return .json(response)
        default: return nil
        }
    }
    var entries: [(key: String, value: TemplateValue)] {
        [("originalRequest", .model(request)), ("originalResponse", .json(response))]
    }
}
