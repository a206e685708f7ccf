import Foundation
import UnderstudyJSON

/// A helper as the renderer calls it.
typealias TemplateHelper = @Sendable (HelperInvocation) throws(RenderFailure) -> TemplateValue

/// One call of a helper: its evaluated parameters and hash arguments, and its block if it has one.
struct HelperInvocation {
    let name: String
    let params: [TemplateValue]
    let hash: [(key: String, value: TemplateValue)]
    let position: TemplatePosition
    let renderer: TemplateRenderer
    /// Set when the helper opens a block (`{{#name}}…{{/name}}`).
    let block: TemplateBlock?
    /// The JSONPath parameter, when it was a literal compiled at parse time.
    var preparedJSONPath: JSONPath? = nil

    func param(_ index: Int) -> TemplateValue? {
        params.indices.contains(index) ? params[index] : nil
    }

    func hash(_ key: String) -> TemplateValue? {
        hash.last { $0.key == key }?.value
    }

    func hashText(_ key: String) -> String? {
        hash(key).map(\.text)
    }

    func hashFlag(_ key: String) -> Bool {
        hash(key)?.isTruthy ?? false
    }

    /// A hard error: the render stops and the response is a 500 with this message and position.
    func failure(_ message: String) -> RenderFailure {
        RenderFailure(message: message, position: position)
    }

    /// A soft error, written into the output as WireMock's helpers do: `[ERROR: …]`.
    static func softError(_ message: String) -> TemplateValue {
        .string("[ERROR: \(message)]")
    }

    /// The block's body, with a new context or the same one.
    func renderBody(
        context: TemplateValue? = nil, data: [String: TemplateValue] = [:], blockParams: [TemplateValue] = []
    ) throws(RenderFailure) -> String {
        guard let block else { return "" }
        let top = renderer.frames[renderer.frames.count - 1]
        var frame = TemplateRenderer.Frame(context: context ?? top.context, data: data)
        for (name, value) in zip(block.blockParams, blockParams) { frame.blockParams[name] = value }
        return try renderer.renderNodes(block.body, frame: frame)
    }

    func renderInverse() throws(RenderFailure) -> String {
        guard let inverse = block?.inverse else { return "" }
        return try renderer.renderNodes(inverse)
    }

    /// For helpers that transform text (`trim`, `base64`, `assign`…): the block's rendered body,
    /// or else the first parameter's text.
    func content() throws(RenderFailure) -> String? {
        if block != nil { return try renderBody() }
        return param(0)?.text
    }

    /// For conditions (`eq`, `and`, `matches`…): in a block, the body or the `{{else}}` part;
    /// inline, `yes=`/`no=` when given, else the boolean.
    func condition(_ result: Bool) throws(RenderFailure) -> TemplateValue {
        if block != nil { return .safe(result ? try renderBody() : try renderInverse()) }
        if result, let yes = hash("yes") { return yes }
        if !result, let no = hash("no") { return no }
        return .bool(result)
    }

    /// Stores a value under `name` for the rest of the render (`{{name}}`).
    func assign(_ name: String, _ value: TemplateValue) {
        renderer.variables[name] = value
    }
}

/// Which `systemValue` keys a template may read. None by default: a stub must not be a way to
/// read the server's environment unless the person running it says so.
public struct SystemKeyPolicy: Sendable, Equatable {
    /// Keys or patterns with `*` wildcards (`MY_APP_*`), compared case-insensitively as WireMock does.
    public var permittedKeys: [String]

    /// A policy for these keys (exact, or with `*` wildcards).
    public init(permittedKeys: [String] = []) {
        self.permittedKeys = permittedKeys
    }

    /// True when `systemValue` may read `key`.
    public func permits(_ key: String) -> Bool {
        permittedKeys.contains { Self.glob($0.lowercased(), matches: key.lowercased()) }
    }

    static func glob(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        var rest = Substring(text)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for (i, part) in parts.enumerated().dropFirst() {
            if i == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) }
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
