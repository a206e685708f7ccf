/// `array`, `range`, `math`, `val` and `assign`.
extension TemplateHelpers {
    /// `range` refuses to build more than this many numbers: a request must not make the server allocate without bound.
    static let maximumRange = 100_000

    static let collections: [String: TemplateHelper] = [
        "array": { call in .list(call.params) },
        "range": { call in
            guard let lower = call.param(0)?.integer, let upper = call.param(1)?.integer else {
                return HelperInvocation.softError(
                    "The range helper requires both lower and upper bounds as integer parameters")
            }
            guard lower <= upper else { return .list([]) }
            guard upper - lower < maximumRange else {
                return HelperInvocation.softError("A range may hold at most \(maximumRange) numbers")
            }
            return .list((lower...upper).map { .int($0) })
        },
        "math": { call in math(call) },
        "val": { call in
            var value = call.param(0) ?? .null
            if isNull(value) { value = call.hash("default") ?? call.hash("or") ?? .null }
            if let variable = call.hashText("assign") {
                call.assign(variable, value)
                return .null
            }
            return value
        },
        "assign": { call throws(RenderFailure) in
            guard let name = call.param(0)?.text else {
                return HelperInvocation.softError("assign needs a variable name")
            }
            if call.block != nil {
                call.assign(name, .string(try call.renderBody()))
            } else {
                call.assign(name, call.param(1) ?? .null)
            }
            return .null
        }
    ]

    /// WireMock's `math left 'op' right`: whole numbers stay whole (division rounds half up),
    /// anything else is a double. Text that is not a number counts as 0, as in WireMock.
    static func math(_ call: HelperInvocation) -> TemplateValue {
        guard call.params.count == 3 else {
            return HelperInvocation.softError(
                "All maths functions require two operands and an operator as parameters e.g. 3 '+' 2")
        }
        let op = call.params[1].text
        let left = call.params[0]
        let right = call.params[2]
        if let a = wholeNumber(left), let b = wholeNumber(right) {
            switch op {
            case "+":
                let (r, o) = a.addingReportingOverflow(b)
                if !o { return .int(r) }
            case "-":
                let (r, o) = a.subtractingReportingOverflow(b)
                if !o { return .int(r) }
            case "*", "x":
                let (r, o) = a.multipliedReportingOverflow(by: b)
                if !o { return .int(r) }
            case "/":
                guard b != 0 else { return HelperInvocation.softError("Division by zero") }
                let quotient = a / b
                let remainder = a % b
                // Half up, away from zero on ties, as BigDecimal's HALF_UP.
                if remainder != 0, abs(remainder) * 2 >= abs(b) {
                    return .int(quotient + ((a < 0) != (b < 0) ? -1 : 1))
                }
                return .int(quotient)
            case "%":
                guard b != 0 else { return HelperInvocation.softError("Division by zero") }
                return .int(a % b)
            default:
                return HelperInvocation.softError("\(op) is not a valid mathematical operator")
            }
        }
        let a = left.number ?? 0
        let b = right.number ?? 0
        switch op {
        case "+": return .double(a + b)
        case "-": return .double(a - b)
        case "*", "x": return .double(a * b)
        case "/":
            guard b != 0 else { return HelperInvocation.softError("Division by zero") }
            return .double(a / b)
        case "%":
            guard b != 0 else { return HelperInvocation.softError("Division by zero") }
            return .double(a.truncatingRemainder(dividingBy: b))
        default: return HelperInvocation.softError("\(op) is not a valid mathematical operator")
        }
    }

    /// An integer when the value is written as one (`3`, `"3"`), not `3.0`; non-numbers are 0.
    private static func wholeNumber(_ value: TemplateValue) -> Int? {
        switch value {
        case .int(let i): return i
        case .double: return nil
        case .json(.number(let n)): return Int(n.text)
        default:
            let text = value.text.trimmingCharacters(in: .whitespaces)
            if let i = Int(text) { return i }
            return Double(text) == nil ? 0 : nil
        }
    }
}
