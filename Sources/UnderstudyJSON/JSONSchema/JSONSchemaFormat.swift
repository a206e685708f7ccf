import Foundation

/// The `format` values checked when a validator asserts formats (OpenAPI asks for it; WireMock's
/// `matchesJsonSchema` does not, so there `format` stays an annotation). Unknown formats pass.
enum JSONSchemaFormat: String, Sendable {
    case dateTime = "date-time"
    case date
    case time
    case email
    case uuid
    case ipv4
    case ipv6
    case uri
    case int32
    case int64
    case byte

    /// Whether `instance` has this format; values of types the format does not constrain pass.
    func accepts(_ instance: JSONValue) -> Bool {
        switch (self, instance) {
        case (.int32, .number(let number)): return Self.integer(number, in: Int64(Int32.min)...Int64(Int32.max))
        case (.int64, .number(let number)): return Self.integer(number, in: Int64.min...Int64.max)
        case (_, .string(let text)): return accepts(text)
        default: return true
        }
    }

    private func accepts(_ text: String) -> Bool {
        switch self {
        case .date: return Self.matches(text, Self.datePattern)
        case .time: return Self.matches(text, Self.timePattern)
        case .dateTime: return Self.matches(text, Self.dateTimePattern)
        case .email: return Self.matches(text, #"^[^@\s]+@[^@\s]+$"#)
        case .uuid: return UUID(uuidString: text) != nil && text.count == 36
        case .ipv4: return Self.isIPv4(text)
        case .ipv6: return text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        case .uri: return Self.matches(text, #"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s]*$"#)
        case .byte: return Data(base64Encoded: text) != nil
        case .int32, .int64: return true
        }
    }

    private static let datePattern = #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$"#
    private static let timePattern =
        #"^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$"#
    private static let dateTimePattern =
        #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$"#

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), let value = Int(part) else {
                    return false
                }
                return value <= 255 && (part.count == 1 || part.first != "0")
            }
    }

    private static func integer(_ number: JSONNumber, in range: ClosedRange<Int64>) -> Bool {
        if let value = Int64(number.text) { return range.contains(value) }
        // Plain digits that Int64 cannot hold are out of any of these ranges; a Double would round
        // 2^63 down to Int64.max and let it through.
        if number.text.range(of: #"^-?[0-9]+$"#, options: .regularExpression) != nil { return false }
        let value = number.doubleValue
        // A fraction is the `type` keyword's business, not the format's.
        guard value.rounded() == value else { return true }
        return value > Double(range.lowerBound) - 1 && value < Double(range.upperBound)
    }
}
