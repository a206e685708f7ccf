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
        if var exactValue = decimal(value), var exactDivisor = decimal(divisor), !exactDivisor.isZero {
            var quotient = Decimal()
            if NSDecimalDivide(&quotient, &exactValue, &exactDivisor, .plain) == .noError {
                return isIntegral(quotient)
            }
        }
        let quotient = value.doubleValue / divisor.doubleValue
        return quotient.isFinite && quotient.rounded() == quotient
    }

    private static func isIntegral(_ value: Decimal) -> Bool {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 0, .plain)
        return rounded == value
    }
}
