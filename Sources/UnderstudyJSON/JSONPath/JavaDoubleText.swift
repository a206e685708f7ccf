import Foundation

/// Writes a double the way Java's `Double.toString` does (`3.0`, `0.001`, `1.0E7`, `1.5E-5`),
/// because WireMock turns JSONPath results into strings before sub-matchers see them.
enum JavaDoubleText {
    /// The Java text, or nil for NaN and infinities, which JSON cannot hold.
    static func string(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let magnitude = abs(value)
        if magnitude == 0 || (magnitude >= 1e-3 && magnitude < 1e7) {
            // Swift's shortest form already ends in ".0" for whole numbers in this range.
            return value.description
        }
        let (digits, exponent) = shortestDigits(magnitude)
        guard let lead = digits.first else { return nil }
        let rest = digits.dropFirst()
        let sign = value < 0 ? "-" : ""
        return "\(sign)\(lead).\(rest.isEmpty ? "0" : String(rest))E\(exponent)"
    }

    /// The shortest round-tripping significant digits of a positive double, and the power of
    /// ten of the first digit.
    private static func shortestDigits(_ magnitude: Double) -> (String, Int) {
        // Swift prints either "d.ddde±x" or plain "ddd.ddd"; normalise both.
        let text = magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let pointIndex = mantissa.firstIndex(of: ".")
        let integerPart = pointIndex.map { mantissa[..<$0] } ?? mantissa
        let fractionPart = pointIndex.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = String(integerPart) + String(fractionPart)
        var pointPosition = integerPart.count + exponent
        while digits.hasPrefix("0"), digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        return (digits, pointPosition - 1)
    }
}
