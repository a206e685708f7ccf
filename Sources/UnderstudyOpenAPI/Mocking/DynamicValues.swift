import Foundation
import UnderstudyJSON

/// Values drawn at random within a schema's bounds, for `Prefer: dynamic=true`: each answer
/// differs from the last, and each still satisfies its schema.
enum DynamicValues {
    private static let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    /// A string of the schema's format, or of letters within its length bounds.
    static func string(_ object: JSONObject) -> String {
        let minimum = object["minLength"]?.numberValue?.intValue ?? 0
        let maximum = object["maxLength"]?.numberValue?.intValue
        switch object["format"]?.stringValue {
        case "date-time": return date().formatted(.iso8601)
        case "date": return String(date().formatted(.iso8601).prefix(10))
        case "email": return "user-\(word(6))@example.com"
        case "uuid": return UUID().uuidString.lowercased()
        case "uri", "url": return "https://example.com/\(word(8))"
        case "ipv4": return "192.0.2.\(Int.random(in: 1...254))"
        case "ipv6": return "2001:db8::\(String(Int.random(in: 1...0xffff), radix: 16))"
        case "byte": return Data((0..<6).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        default:
            let lower = max(minimum, min(6, maximum ?? 6))
            let upper = max(lower, min(maximum ?? lower + 8, lower + 8))
            return word(Int.random(in: lower...upper))
        }
    }

    /// A number within `minimum`/`maximum` (and their exclusive forms, either draft's), on `multipleOf`.
    static func number(_ object: JSONObject, integer: Bool) -> JSONValue {
        var lower = object["minimum"]?.numberValue?.doubleValue
        var upper = object["maximum"]?.numberValue?.doubleValue
        let declared = object["multipleOf"]?.numberValue?.doubleValue ?? 0
        let step = declared > 0 ? declared : (integer ? 1 : 0.01)
        // Draft 4 makes exclusiveMinimum a flag on minimum; later drafts make it the bound itself.
        if object["exclusiveMinimum"] == .bool(true), let bound = lower { lower = bound + step }
        if let bound = object["exclusiveMinimum"]?.numberValue?.doubleValue { lower = bound + step }
        if object["exclusiveMaximum"] == .bool(true), let bound = upper { upper = bound - step }
        if let bound = object["exclusiveMaximum"]?.numberValue?.doubleValue { upper = bound - step }
        let low = lower ?? (upper.map { $0 - 1000 } ?? 0)
        let high = max(low, upper ?? low + 1000)
        // Steps from the first multiple at or above the lower bound, none past the upper.
        let first = (low / step).rounded(.up)
        let last = max(first, (high / step).rounded(.down))
        // Bounds too far out to count steps in: the lower one, which is valid.
        guard abs(first) < 1e15, abs(last) < 1e15 else {
            return integer && abs(low) < 9e18 ? .int(Int(low)) : .double(low)
        }
        // Rounded at nine places, so 1234 × 0.01 is written 12.34 and stays a multiple of 0.01.
        let value = (Double(Int.random(in: Int(first)...Int(last))) * step * 1e9).rounded() / 1e9
        if integer { return .int(Int(value.rounded())) }
        return .double(value)
    }

    private static func word(_ count: Int) -> String {
        String((0..<count).map { _ in letters.randomElement()! })
    }

    /// A moment within about three years of 2024.
    private static func date() -> Date {
        Date(timeIntervalSince1970: 1_704_067_200 + Double(Int.random(in: 0...100_000_000)))
    }
}
