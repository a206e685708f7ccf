import Foundation
import UnderstudyJSON

/// A message stub's template, compiled once and kept with the stub, rendered for each message.
///
/// A template made of text and `{{message.body}}` (the usual echo) renders by joining its
/// pieces: no context objects, no clock read. Anything else renders as
/// ``Template/render(channelRequest:message:now:systemKeys:environment:)`` does, and so does an
/// output too large for the render limits, so both give the same text and the same errors.
public struct MessageTemplate: Sendable {
    /// A part of the short form: fixed text, or the message body (HTML-escaped when `escaped`
    /// and the environment escapes).
    enum Piece: Sendable {
        case text(String)
        case messageBody(escaped: Bool)
    }

    /// The compiled template.
    public let template: Template
    /// The short form, when the template reads nothing but the message body.
    let pieces: [Piece]?

    /// Keeps `template`, working out once whether it reads nothing but `{{message.body}}`.
    public init(_ template: Template) {
        self.template = template
        var pieces: [Piece] = []
        for node in template.nodes {
            switch node {
            case .text(let text):
                pieces.append(.text(text))
            case .output(.path(let path, _), let escaped) where path.isMessageBody:
                pieces.append(.messageBody(escaped: escaped))
            default:
                self.pieces = nil
                return
            }
        }
        self.pieces = pieces
    }

    /// Renders with `{{request.…}}` reading `channelRequest` and `{{message.body}}` giving `messageBody`.
    public func render(
        channelRequest: any TemplateRequest, messageBody: String, systemKeys: SystemKeyPolicy = SystemKeyPolicy(),
        environment: TemplateEnvironment = TemplateEnvironment()
    ) throws(TemplateError) -> String {
        if let pieces, let output = Self.join(pieces, body: messageBody, environment: environment) {
            return output
        }
        return try template.render(
            channelRequest: channelRequest, message: ["body": .string(messageBody)], systemKeys: systemKeys,
            environment: environment)
    }

    /// The short form's text, or nil when the general render would fail on its limits.
    private static func join(_ pieces: [Piece], body: String, environment: TemplateEnvironment) -> String? {
        let limits = TemplateRenderLimits.standard
        guard pieces.count + 1 <= limits.steps else { return nil }
        var output = ""
        for piece in pieces {
            switch piece {
            case .text(let text):
                output += text
            case .messageBody(let escaped):
                if escaped, environment.escaping == .wiremock2 {
                    HTMLEscaping.escape(body, into: &output)
                } else {
                    output += body
                }
            }
        }
        return output.utf8.count > limits.outputBytes ? nil : output
    }
}

extension TemplatePath {
    /// `message.body` as the renderer resolves it from the root: no `this`, `../` or `@`.
    var isMessageBody: Bool {
        parentDepth == 0 && !isData && !isThis && segments.count == 2 && segments[0] == "message"
            && segments[1] == "body"
    }
}
