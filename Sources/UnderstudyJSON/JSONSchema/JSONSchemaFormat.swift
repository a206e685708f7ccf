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
        case .date: return Self.isDate(Array(text.utf8)[...])
        case .time: return Self.isTime(Array(text.utf8)[...])
        case .dateTime:
            let bytes = Array(text.utf8)
            guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else {
                return false
            }
            return Self.isDate(bytes[..<10]) && Self.isTime(bytes[11...])
        case .email: return JSONSchemaEmail.accepts(text)
        case .uuid: return text.utf8.count == 36 && UUID(uuidString: text) != nil
        case .ipv4: return Self.isIPv4(text)
        case .ipv6: return text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        case .uri:
            // A scheme (a letter, then letters, digits, + - .), a colon, and no spaces.
            guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else {
                return false
            }
            return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
                && !text.contains(where: \.isWhitespace)
        case .byte: return Data(base64Encoded: text) != nil
        case .int32, .int64: return true
        }
    }

    // Hand-written rather than regular expressions: these run on every validated value.

    /// RFC 3339 full-date: YYYY-MM-DD with a month of 01–12 and a day of 01–31.
    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), number(b[0..<4]) != nil,
            let month = number(b[5..<7]), let day = number(b[8..<10])
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// RFC 3339 full-time: HH:MM:SS, an optional fraction, then Z or ±HH:MM.
    private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let b = Array(bytes)
        guard b.count >= 9, b[2] == UInt8(ascii: ":"), b[5] == UInt8(ascii: ":"), let hour = number(b[0..<2]),
            let minute = number(b[3..<5]), let second = number(b[6..<8]), hour < 24, minute < 60, second <= 60
        else { return false }
        var index = 8
        if b[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < b.count, isDigit(b[index]) { index += 1 }
            guard index > start, index < b.count else { return false }
        }
        let zone = Array(b[index...])
        if zone.count == 1 { return zone[0] == UInt8(ascii: "Z") || zone[0] == UInt8(ascii: "z") }
        guard zone.count == 6, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
            zone[3] == UInt8(ascii: ":"), let zoneHour = number(zone[1..<3]), let zoneMinute = number(zone[4..<6])
        else { return false }
        return zoneHour < 24 && zoneMinute < 60
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The decimal value of ASCII digits, or nil if any is not a digit.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard isDigit(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
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
        let digits = number.text.hasPrefix("-") ? number.text.utf8.dropFirst() : number.text.utf8[...]
        if !digits.isEmpty, digits.allSatisfy(isDigit) { return false }
        let value = number.doubleValue
        // A fraction is the `type` keyword's business, not the format's.
        guard value.rounded() == value else { return true }
        return value > Double(range.lowerBound) - 1 && value < Double(range.upperBound)
    }
}
