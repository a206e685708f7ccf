import Foundation

/// `randomValue`, `randomInt`, `randomDecimal`, `pickRandom`.
extension TemplateHelpers {
    /// The longest `randomValue` a template may ask for: lengths can come from the request.
    static let maximumRandomLength = 1_000_000

    static let random: [String: TemplateHelper] = [
        "randomValue": { call in
            let length = call.hash("length")?.integer ?? 36
            guard (0...maximumRandomLength).contains(length) else {
                return HelperInvocation.softError("randomValue length must be between 0 and \(maximumRandomLength)")
            }
            let type = call.hashText("type") ?? "ALPHANUMERIC"
            let raw: String
            switch type {
            case "ALPHANUMERIC":
                raw = randomString(
                    length, from: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", call.renderer)
            case "ALPHABETIC":
                raw = randomString(length, from: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", call.renderer)
            case "NUMERIC": raw = randomString(length, from: "0123456789", call.renderer)
            case "HEXADECIMAL": raw = randomString(length, from: "ABCDEF0123456789", call.renderer)
            case "UUID": raw = UUID().uuidString
            default:
                // ALPHANUMERIC_AND_SYMBOLS and anything unknown: printable ASCII 33...126.
                raw = randomString(
                    length, from: String(String.UnicodeScalarView((33...126).compactMap(UnicodeScalar.init))),
                    call.renderer)
            }
            return .string(call.hashFlag("uppercase") ? raw.uppercased() : raw.lowercased())
        },
        "randomInt": { call in
            let lower = call.hash("lower")?.integer ?? Int(Int32.min)
            let upper = call.hash("upper")?.integer ?? Int(Int32.max)
            // WireMock's `nextInt(lower, upper)`: the upper bound is excluded.
            guard lower < upper else { return HelperInvocation.softError("randomInt needs lower < upper") }
            return .int(Int.random(in: lower..<upper, using: &call.renderer.randomGenerator))
        },
        "randomDecimal": { call in
            let lower = call.hash("lower")?.number ?? -Double(Int32.max)
            let upper = call.hash("upper")?.number ?? Double(Int32.max)
            guard lower.isFinite, upper.isFinite, lower <= upper else {
                return HelperInvocation.softError("randomDecimal needs finite lower <= upper")
            }
            let u = Double.random(in: 0..<1, using: &call.renderer.randomGenerator)
            // Written so that no intermediate can overflow, whatever the bounds.
            return .double(lower * (1 - u) + upper * u)
        },
        "pickRandom": { call in
            let choices: [TemplateValue]
            if call.params.count == 1, let items = call.params[0].elements {
                choices = items
            } else {
                choices = call.params
            }
            guard !choices.isEmpty else { return HelperInvocation.softError("pickRandom needs at least one value") }
            return choices.randomElement(using: &call.renderer.randomGenerator) ?? .null
        }
    ]

    private static func randomString(_ length: Int, from alphabet: String, _ renderer: TemplateRenderer) -> String {
        let characters = Array(alphabet.unicodeScalars)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            scalars.append(characters[Int.random(in: 0..<characters.count, using: &renderer.randomGenerator)])
        }
        return String(scalars)
    }
}
