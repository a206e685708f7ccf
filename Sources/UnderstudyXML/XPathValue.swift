import Foundation

/// An XPath 1.0 value. Node-sets hold tree indices in document order without duplicates.
enum XPathValue: Equatable {
    case nodes([Int])
    case string(String)
    case number(Double)
    case boolean(Bool)

    /// XPath's `number()` of a string: optional minus, digits with an optional fraction, surrounding
    /// whitespace allowed; anything else is NaN.
    static func number(from text: String) -> Double {
        let trimmed = text.trimmingXMLWhitespace()
        var body = Substring(trimmed)
        if body.first == "-" { body = body.dropFirst() }
        guard !body.isEmpty, body.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." }),
            body.filter({ $0 == "." }).count <= 1, body != "."
        else { return .nan }
        return Double(
            trimmed.hasPrefix("-.") ? "-0" + trimmed.dropFirst() : trimmed.hasPrefix(".") ? "0" + trimmed : trimmed)
            ?? .nan
    }

    /// XPath's `string()` of a number: integers without a decimal point, no exponent notation.
    static func string(from number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number > 0 ? "Infinity" : "-Infinity" }
        if number == number.rounded(), abs(number) < 1e18 { return String(Int64(number)) }
        let shortest = String(number)
        guard shortest.contains("e") else { return shortest }
        var expanded = String(format: "%.20f", number)
        while expanded.hasSuffix("0") { expanded.removeLast() }
        if expanded.hasSuffix(".") { expanded.removeLast() }
        return expanded
    }
}
