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
        let root = TemplateNamedValues([
            ("originalRequest", .model(TemplateRequestModel(originalRequest, pathVariables: pathVariables))),
            ("originalResponse", .json(originalResponse))
        ])
        return try render(root: .model(root), now: now, systemKeys: systemKeys, environment: environment)
    }
}
