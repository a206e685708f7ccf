import Foundation
import UnderstudyJSON

/// Walks a parsed template for one render. Not shared: one renderer per render call.
final class TemplateRenderer {
    /// One level of context: the value `this` names, `@` data and `as |x|` block parameters.
    struct Frame {
        var context: TemplateValue
        var data: [String: TemplateValue] = [:]
        var blockParams: [String: TemplateValue] = [:]
    }

    let now: Date
    let systemKeys: SystemKeyPolicy
    /// Names set by `assign`, `parseJson 'name'`, `regexExtract … 'name'`, `formData … 'name'`, `val assign=`.
    var variables: [String: TemplateValue] = [:]
    private(set) var frames: [Frame]
    /// The last JSON text parsed by a helper, so several `jsonPath` calls on the body parse it once.
    var parsedJSON: (text: String, value: JSONValue?)?
    var randomGenerator = SystemRandomNumberGenerator()
    let limits: TemplateRenderLimits
    let environment: TemplateEnvironment
    /// How many partials are open inside each other, against `maximumPartialDepth`.
    var partialDepth = 0
    /// Nodes and loop passes walked so far, against `limits.steps`.
    private var steps = 0
    /// Bytes of text and outputs written so far, against `limits.outputBytes`.
    private var emittedBytes = 0

    init(
        root: TemplateValue, now: Date, systemKeys: SystemKeyPolicy, limits: TemplateRenderLimits = .standard,
        environment: TemplateEnvironment = TemplateEnvironment()
    ) {
        self.now = now
        self.systemKeys = systemKeys
        self.limits = limits
        self.environment = environment
        self.frames = [Frame(context: root)]
    }

    // MARK: - Nodes

    func render(_ nodes: [TemplateNode], into output: inout String) throws(RenderFailure) {
        // One step for the pass itself, so loops over empty bodies count too.
        try spend(1 + nodes.count, at: nodes)
        for node in nodes {
            let before = output.utf8.count
            let countedBefore = emittedBytes
            switch node {
            case .text(let text):
                output += text
            case .output(let expression, let escaped):
                let value = try evaluate(expression)
                if case .safe(let text) = value {
                    output += text
                } else if escaped, environment.escaping == .wiremock2 {
                    HTMLEscaping.escape(value.text, into: &output)
                } else {
                    output += value.text
                }
            case .block(let block):
                output += try renderBlock(block)
            case .partial(let partial):
                output += try renderPartial(partial)
            }
            // Every byte a render writes passes here, so this bounds what loops gather too. A
            // block's text is mostly text and outputs already counted inside it: charge only what
            // its helper made beyond those (`{{#randomValue}}`, `{{#base64}}`).
            emittedBytes = max(emittedBytes, countedBefore + output.utf8.count - before)
            if emittedBytes > limits.outputBytes {
                throw RenderFailure(
                    message: "template output exceeds \(limits.outputBytes) bytes", position: Self.position(of: node))
            }
        }
    }

    private func spend(_ count: Int, at nodes: [TemplateNode]) throws(RenderFailure) {
        steps += count
        guard steps > limits.steps else { return }
        let position = nodes.first.map(Self.position(of:)) ?? TemplatePosition(line: 1, column: 0, offset: 0)
        throw RenderFailure(message: "template rendering takes more than \(limits.steps) steps", position: position)
    }

    /// Where a node starts, as near as the syntax tree knows (text has no position of its own).
    static func position(of node: TemplateNode) -> TemplatePosition {
        switch node {
        case .text: return TemplatePosition(line: 1, column: 0, offset: 0)
        case .output(let expression, _): return position(of: expression)
        case .block(let block): return block.call.position
        case .partial(let partial): return partial.position
        }
    }

    static func position(of expression: TemplateExpression) -> TemplatePosition {
        switch expression {
        case .literal: return TemplatePosition(line: 1, column: 0, offset: 0)
        case .path(_, let position): return position
        case .call(let syntax): return syntax.position
        }
    }

    private func renderBlock(_ block: TemplateBlock) throws(RenderFailure) -> String {
        if block.call.isSection {
            let value = try evaluate(block.call.params[0])
            return try renderSection(block, value: value)
        }
        if block.isInverted {
            let value = try call(block.call, block: nil)
            return value.isTruthy ? try renderNodes(block.inverse ?? []) : try renderNodes(block.body)
        }
        return try call(block.call, block: block).text
    }

    /// `{{#path}}…{{/path}}` and `{{^path}}…{{/path}}`: Mustache sections.
    private func renderSection(_ block: TemplateBlock, value: TemplateValue) throws(RenderFailure) -> String {
        if block.isInverted {
            return value.isTruthy ? try renderNodes(block.inverse ?? []) : try renderNodes(block.body)
        }
        guard value.isTruthy else { return try renderNodes(block.inverse ?? []) }
        if let items = value.elements {
            var output = ""
            for (index, item) in items.enumerated() {
                output += try renderNodes(
                    block.body, frame: Frame(context: item, data: Self.loopData(index: index, count: items.count)))
            }
            return output
        }
        if case .bool = value { return try renderNodes(block.body) }
        return try renderNodes(block.body, frame: Frame(context: value))
    }

    static func loopData(index: Int, count: Int, key: String? = nil) -> [String: TemplateValue] {
        var data: [String: TemplateValue] = [
            "index": .int(index), "first": .bool(index == 0), "last": .bool(index == count - 1)
        ]
        if let key { data["key"] = .string(key) }
        return data
    }

    func renderNodes(_ nodes: [TemplateNode], frame: Frame? = nil) throws(RenderFailure) -> String {
        var output = ""
        if let frame {
            frames.append(frame)
            defer { frames.removeLast() }
            try render(nodes, into: &output)
        } else {
            try render(nodes, into: &output)
        }
        return output
    }

    // MARK: - Expressions

    func evaluate(_ expression: TemplateExpression) throws(RenderFailure) -> TemplateValue {
        switch expression {
        case .literal(let literal): return TemplateValue(literal)
        case .path(let path, _): return resolve(path)
        case .call(let syntax): return try call(syntax, block: nil)
        }
    }

    func call(_ syntax: HelperCallSyntax, block: TemplateBlock?) throws(RenderFailure) -> TemplateValue {
        guard let helper = syntax.helper ?? TemplateHelpers.all[syntax.name] else {
            throw RenderFailure(message: "could not find helper: '\(syntax.name)'", position: syntax.position)
        }
        var params: [TemplateValue] = []
        params.reserveCapacity(syntax.params.count)
        for param in syntax.params { params.append(try evaluate(param)) }
        var hash: [(key: String, value: TemplateValue)] = []
        for (key, value) in syntax.hash { hash.append((key, try evaluate(value))) }
        let invocation = HelperInvocation(
            name: syntax.name, params: params, hash: hash, position: syntax.position, renderer: self, block: block,
            preparedJSONPath: syntax.preparedJSONPath)
        let result = try helper(invocation)
        // A helper can grow text without writing it out (`assign` in a loop): bound that too.
        switch result {
        case .string(let text), .safe(let text):
            if text.utf8.count > limits.outputBytes {
                throw RenderFailure(
                    message: "'\(syntax.name)' gives more than \(limits.outputBytes) bytes", position: syntax.position)
            }
        default: break
        }
        return result
    }

    /// Finds a path: block parameters, then the context and its parents (as Handlebars.java
    /// does), then assigned variables.
    func resolve(_ path: TemplatePath) -> TemplateValue {
        var segments = path.segments[...]
        var value: TemplateValue
        if path.isData {
            guard let name = segments.popFirst() else { return .null }
            if name == "root" {
                value = frames[0].context
            } else {
                guard let found = frames.reversed().lazy.compactMap({ $0.data[name] }).first else { return .null }
                value = found
            }
        } else {
            let frameIndex = frames.count - 1 - path.parentDepth
            guard frameIndex >= 0 else { return .null }
            if path.isThis || segments.isEmpty {
                value = frames[frameIndex].context
            } else {
                guard let first = segments.popFirst(),
                    let found = resolveHead(first, from: frameIndex, walkParents: path.parentDepth == 0)
                else { return .null }
                value = found
            }
        }
        for segment in segments {
            guard let next = value.member(segment) else { return .null }
            value = next
        }
        return value
    }

    private func resolveHead(_ name: String, from frameIndex: Int, walkParents: Bool) -> TemplateValue? {
        var index = frameIndex
        while index >= 0 {
            if !frames[index].blockParams.isEmpty, let value = frames[index].blockParams[name] { return value }
            if let value = frames[index].context.member(name) { return value }
            if !walkParents { break }
            index -= 1
        }
        return variables.isEmpty ? nil : variables[name]
    }
}
