import UnderstudyJSON

/// A made-up value of a scalar type, shaped by the field's name where a custom scalar's name
/// says what it holds (`DateTime`, `URL`, `UUID`, `JSON`).
enum MockScalar {
    static func value(_ scalar: String, field: String, parent: String, number: UInt64) -> JSONValue {
        let small = Int(number % 1000)
        switch scalar {
        case "Int": return .int(Int(number % 100))
        case "Float": return .double(Double(number % 10_000) / 100)
        case "Boolean": return .bool(number & 1 == 0)
        case "ID": return .string("\(parent):\(number % 100_000)")
        case "String": return .string("\(field) \(small)")
        default: return custom(scalar.lowercased(), field: field, number: number)
        }
    }

    private static func custom(_ name: String, field: String, number: UInt64) -> JSONValue {
        let day = Int(number % 28) + 1
        let month = Int(number / 28 % 12) + 1
        let year = 2020 + Int(number / 336 % 7)
        let date = "\(year)-\(pad(month))-\(pad(day))"
        let time = "\(pad(Int(number % 24))):\(pad(Int(number / 24 % 60))):\(pad(Int(number / 1440 % 60)))"
        if name.contains("datetime") || name.contains("timestamp") || name == "instant" {
            return .string("\(date)T\(time)Z")
        }
        if name.contains("date") { return .string(date) }
        if name.contains("time") { return .string(time) }
        if name.contains("url") || name.contains("uri") {
            return .string("https://example.com/\(field)/\(number % 1000)")
        }
        if name.contains("email") { return .string("user\(number % 1000)@example.com") }
        if name.contains("uuid") { return .string(uuid(number)) }
        if name.contains("json") || name == "object" || name == "map" { return .object(JSONObject()) }
        if name.contains("long") || name.contains("bigint") { return .int(Int(number % 1_000_000)) }
        if name.contains("decimal") || name.contains("money") { return .double(Double(number % 100_000) / 100) }
        return .string("\(name) \(number % 1000)")
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func uuid(_ number: UInt64) -> String {
        let hex = String(number, radix: 16).leftPadded(to: 16) + String(number &* 31, radix: 16).leftPadded(to: 16)
        let chars = Array(hex)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }
        return groups.joined(separator: "-")
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? String(suffix(length)) : String(repeating: "0", count: length - count) + self
    }
}
