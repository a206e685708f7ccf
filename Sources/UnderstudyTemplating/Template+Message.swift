import Foundation
import UnderstudyJSON

extension Template {
    /// Renders a message stub's text: `{{request.…}}` reads the request that opened the channel
    /// (or the HTTP request that triggered the stub), `{{message.body}}` the message received.
    public func render(
        channelRequest: any TemplateRequest, message: JSONValue, now: Date = Date(),
        systemKeys: SystemKeyPolicy = SystemKeyPolicy(), environment: TemplateEnvironment = TemplateEnvironment()
    ) throws(TemplateError) -> String {
        let root = TemplateMessageRootModel(request: TemplateRequestModel(channelRequest), message: message)
        return try render(root: .model(root), now: now, systemKeys: systemKeys, environment: environment)
    }
}

/// The top-level context of a message stub's templates.
final class TemplateMessageRootModel: TemplateModel {
    let request: TemplateRequestModel
    let message: JSONValue
    init(request: TemplateRequestModel, message: JSONValue) {
        self.request = request
        self.message = message
    }
    var text: String { "" }
    func member(_ name: String) -> TemplateValue? {
        switch name {
        case "request": return .model(request)
        case "message": return .json(message)
        default: return nil
        }
    }
    var entries: [(key: String, value: TemplateValue)] { [("request", .model(request)), ("message", .json(message))] }
}
