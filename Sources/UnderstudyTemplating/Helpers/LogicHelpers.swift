/// jknack's ConditionalHelpers: `eq`, `neq`, `gt`, `gte`, `lt`, `lte`, `and`, `or`, `not`.
/// Each works inline (giving a boolean, or `yes=`/`no=`) and as a block with `{{else}}`.
extension TemplateHelpers {
    static let logic: [String: TemplateHelper] = [
        "eq": { call throws(RenderFailure) in try call.condition(equal(call.param(0) ?? .null, call.param(1) ?? .null))
        },
        "neq": { call throws(RenderFailure) in
            try call.condition(!equal(call.param(0) ?? .null, call.param(1) ?? .null))
        },
        "gt": { call throws(RenderFailure) in try call.condition(order(call) { $0 > 0 }) },
        "gte": { call throws(RenderFailure) in try call.condition(order(call) { $0 >= 0 }) },
        "lt": { call throws(RenderFailure) in try call.condition(order(call) { $0 < 0 }) },
        "lte": { call throws(RenderFailure) in try call.condition(order(call) { $0 <= 0 }) },
        "and": { call throws(RenderFailure) in
            try call.condition(!call.params.isEmpty && call.params.allSatisfy(\.isTruthy))
        },
        "or": { call throws(RenderFailure) in try call.condition(call.params.contains(where: \.isTruthy)) },
        "not": { call throws(RenderFailure) in try call.condition(!(call.param(0) ?? .null).isTruthy) }
    ]

    /// Numbers compare by value; anything else by its printed text, so a query value `"2"` equals
    /// the literal `2` (jknack would say no; WireMock users expect yes).
    static func equal(_ a: TemplateValue, _ b: TemplateValue) -> Bool {
        if a.isNumeric || b.isNumeric, let x = a.number, let y = b.number { return x == y }
        if case .null = a { if case .null = b { return true } }
        return a.text == b.text
    }

    /// -1, 0 or 1 comparing the first two parameters: as numbers when both read as numbers, else as text.
    static func order(_ call: HelperInvocation, _ test: (Int) -> Bool) -> Bool {
        let a = call.param(0) ?? .null
        let b = call.param(1) ?? .null
        if let x = a.number, let y = b.number { return test(x < y ? -1 : (x > y ? 1 : 0)) }
        let (s, t) = (a.text, b.text)
        return test(s < t ? -1 : (s > t ? 1 : 0))
    }
}

extension TemplateValue {
    /// True for number values (not text that reads as a number).
    var isNumeric: Bool {
        switch self {
        case .int, .double, .json(.number): return true
        default: return false
        }
    }
}
