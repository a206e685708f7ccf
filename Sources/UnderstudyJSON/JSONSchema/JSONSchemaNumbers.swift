import Foundation

/// Numeric rules compared by value: doubles for speed, exact decimals when doubles cannot tell
/// the numbers apart (long literals) and for `multipleOf`, where `0.3` must be a multiple of `0.1`.
enum JSONSchemaNumbers {
    private static let posix = Locale(identifier: "en_US_POSIX")

    static func decimal(_ number: JSONNumber) -> Decimal? {
        guard let value = Decimal(string: number.text, locale: posix), !value.isNaN else { return nil }
        return value
    }

    /// True for mathematical integers, including `1.0` and `1e3`.
    static func isInteger(_ number: JSONNumber) -> Bool {
        let text = number.text.utf8
        if !text.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return true
        }
        if let exact = decimal(number) { return isIntegral(exact) }
        let approximate = number.doubleValue
        return approximate.isFinite && approximate.rounded() == approximate
    }

    static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> ComparisonResult {
        let l = lhs.doubleValue
        let r = rhs.doubleValue
        if l < r { return .orderedAscending }
        if l > r { return .orderedDescending }
        guard lhs.text != rhs.text, let exactL = decimal(lhs), let exactR = decimal(rhs) else { return .orderedSame }
        if exactL < exactR { return .orderedAscending }
        if exactL > exactR { return .orderedDescending }
        return .orderedSame
    }

    /// True when `value / divisor` is an integer; the divisor is known to be positive.
    static func isMultiple(_ value: JSONNumber, of divisor: JSONNumber) -> Bool {
        // Fast exact path for the usual literals (19.99, 0.01, 250): integer remainder after scaling.
        if let v = scaled(value.text), let d = scaled(divisor.text), d.significand != 0 {
            if v.significand == 0 { return true }
            let common = min(v.exponent, d.exponent)
            if let a = shifted(v.significand, by: v.exponent - common),
                let b = shifted(d.significand, by: d.exponent - common)
            {
                return a % b == 0
            }
        }
        if var exactValue = decimal(value), var exactDivisor = decimal(divisor), !exactDivisor.isZero {
            var quotient = Decimal()
            if NSDecimalDivide(&quotient, &exactValue, &exactDivisor, .plain) == .noError {
                return isIntegral(quotient)
            }
        }
        let quotient = value.doubleValue / divisor.doubleValue
        return quotient.isFinite && quotient.rounded() == quotient
    }

    /// A literal as `significand × 10^exponent` when the significand fits in 64 bits.
    private static func scaled(_ text: String) -> (significand: Int64, exponent: Int)? {
        var significand: Int64 = 0
        var exponent = 0
        var negative = false
        var inFraction = false
        var bytes = text.utf8.makeIterator()
        var next = bytes.next()
        if next == UInt8(ascii: "-") {
            negative = true
            next = bytes.next()
        }
        while let byte = next {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (times10, o1) = significand.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                guard !o1, !o2 else { return nil }
                significand = sum
                if inFraction { exponent -= 1 }
            case UInt8(ascii: "."):
                inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                var power = 0
                var sign = 1
                var digits = 0
                while let byte = bytes.next() {
                    if digits == 0 && byte == UInt8(ascii: "-") {
                        sign = -1
                        continue
                    }
                    if digits == 0 && byte == UInt8(ascii: "+") { continue }
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 4 else { return nil }
                    power = power * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                }
                guard digits > 0 else { return nil }
                return (negative ? -significand : significand, exponent + sign * power)
            default:
                return nil
            }
            next = bytes.next()
        }
        return (negative ? -significand : significand, exponent)
    }

    private static func shifted(_ significand: Int64, by places: Int) -> Int64? {
        guard places <= 18 else { return nil }
        var result = significand
        for _ in 0..<places {
            let (product, overflow) = result.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            result = product
        }
        return result
    }

    private static func isIntegral(_ value: Decimal) -> Bool {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 0, .plain)
        return rounded == value
    }
}
