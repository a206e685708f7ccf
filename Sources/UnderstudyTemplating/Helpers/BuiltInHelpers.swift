/// Handlebars' own block helpers: `if`, `unless`, `each`, `with`, `lookup`.
extension TemplateHelpers {
    static let builtIns: [String: TemplateHelper] = [
        "if": { call throws(RenderFailure) in
            let value = call.param(0) ?? .null
            let truth = value.isTruthy || (call.hashFlag("includeZero") && value.number == 0)
            if call.block != nil { return .safe(truth ? try call.renderBody() : try call.renderInverse()) }
            // Inline form: `{{if cond 'yes' 'no'}}`.
            return truth ? (call.param(1) ?? .bool(true)) : (call.param(2) ?? .null)
        },
        "unless": { call throws(RenderFailure) in
            let truth = (call.param(0) ?? .null).isTruthy
            if call.block != nil { return .safe(truth ? try call.renderInverse() : try call.renderBody()) }
            return .bool(!truth)
        },
        "each": { call throws(RenderFailure) in
            guard call.block != nil else { return .null }
            let value = call.param(0) ?? .null
            var output = ""
            if let items = value.elements {
                guard !items.isEmpty else { return .safe(try call.renderInverse()) }
                for (index, item) in items.enumerated() {
                    output += try call.renderBody(
                        context: item, data: TemplateRenderer.loopData(index: index, count: items.count),
                        blockParams: [item, .int(index)])
                }
                return .safe(output)
            }
            if let entries = value.namedEntries {
                guard !entries.isEmpty else { return .safe(try call.renderInverse()) }
                for (index, entry) in entries.enumerated() {
                    output += try call.renderBody(
                        context: entry.value,
                        data: TemplateRenderer.loopData(index: index, count: entries.count, key: entry.key),
                        blockParams: [entry.value, .string(entry.key)])
                }
                return .safe(output)
            }
            return .safe(try call.renderInverse())
        },
        "with": { call throws(RenderFailure) in
            let value = call.param(0) ?? .null
            guard call.block != nil else { return value }
            guard value.isTruthy else { return .safe(try call.renderInverse()) }
            return .safe(try call.renderBody(context: value, blockParams: [value]))
        },
        "lookup": { call in
            guard let target = call.param(0), let key = call.param(1) else { return .null }
            return target.member(key.text) ?? .null
        }
    ]
}
