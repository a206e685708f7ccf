import Foundation
import UnderstudyJSON

/// A Handlebars template as WireMock's response templating reads it, parsed once.
///
/// ```swift
/// let template = try Template(#"{"id":"{{request.path.[1]}}","at":"{{now}}"}"#)
/// let body = try template.render(request)
/// ```
public struct Template: Sendable {
    /// The source as given.
    public let source: String
    let nodes: [TemplateNode]

    /// Parses `source`, throwing the first syntax error or unknown helper with its position.
    public init(_ source: String) throws(TemplateError) {
        self.source = source
        self.nodes = try TemplateParser.parse(source)
    }

    /// True when the template has no expressions: it renders to its text.
    public var isLiteral: Bool {
        nodes.allSatisfy { if case .text = $0 { return true } else { return false } }
    }

    /// Renders against a request (`{{request.…}}`).
    /// - Parameters:
    ///   - request: what `{{request.…}}` reads.
    ///   - pathVariables: values of the stub's `urlPathTemplate` variables, for `request.path.<name>`.
    ///   - now: the time `{{now}}` gives.
    ///   - systemKeys: which `systemValue` keys may be read.
    ///   - environment: escaping, partials and RSA signing (WireMock 3's escaping, none of the others, by default).
    public func render(
        _ request: any TemplateRequest, pathVariables: [String: String] = [:], now: Date = Date(),
        systemKeys: SystemKeyPolicy = SystemKeyPolicy(), environment: TemplateEnvironment = TemplateEnvironment()
    ) throws(TemplateError) -> String {
        let model = TemplateRequestModel(request, pathVariables: pathVariables)
        return try render(
            root: .model(TemplateRootModel(request: model)), now: now, systemKeys: systemKeys,
            environment: environment)
    }

    /// Renders against any JSON context (`{{name}}` reads `context.name`).
    public func render(
        context: JSONValue, now: Date = Date(), systemKeys: SystemKeyPolicy = SystemKeyPolicy(),
        environment: TemplateEnvironment = TemplateEnvironment()
    ) throws(TemplateError) -> String {
        try render(root: .json(context), now: now, systemKeys: systemKeys, environment: environment)
    }

    /// Renders against a JSON context within `limits` (tests use small ones).
    func render(context: JSONValue, now: Date, limits: TemplateRenderLimits) throws(TemplateError) -> String {
        try render(root: .json(context), now: now, systemKeys: SystemKeyPolicy(), limits: limits)
    }

    func render(
        root: TemplateValue, now: Date, systemKeys: SystemKeyPolicy, limits: TemplateRenderLimits = .standard,
        environment: TemplateEnvironment = TemplateEnvironment()
    ) throws(TemplateError) -> String {
        let renderer = TemplateRenderer(
            root: root, now: now, systemKeys: systemKeys, limits: limits, environment: environment)
        var output = ""
        output.reserveCapacity(source.utf8.count + 64)
        do {
            try renderer.render(nodes, into: &output)
        } catch {
            throw TemplateError(error.message, at: error.position, in: source)
        }
        return output
    }
}

/// The top-level context WireMock gives a response template: `request` (and nothing else yet).
final class TemplateRootModel: TemplateModel {
    let request: TemplateRequestModel
    init(request: TemplateRequestModel) { self.request = request }
    var text: String { "" }
    func member(_ name: String) -> TemplateValue? { name == "request" ? .model(request) : nil }
    var entries: [(key: String, value: TemplateValue)] { [("request", .model(request))] }
}
