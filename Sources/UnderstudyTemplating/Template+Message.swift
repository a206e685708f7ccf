import Foundation
import UnderstudyJSON

extension Template {
    /// Renders a message stub's text: `{{request.…}}` reads the request that opened the channel
    /// (or the HTTP request that triggered the stub), `{{message.body}}` the message received.
    public func render(
        channelRequest: any TemplateRequest, message: JSONValue, now: Date = Date(),
        systemKeys: SystemKeyPolicy = SystemKeyPolicy(), environment: TemplateEnvironment = TemplateEnvironment()
    ) throws(TemplateError) -> String {
        let root = TemplateNamedValues([
            ("request", .model(TemplateRequestModel(channelRequest))), ("message", .json(message))
        ])
        return try render(root: .model(root), now: now, systemKeys: systemKeys, environment: environment)
    }
}
