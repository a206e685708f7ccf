import Foundation

/// The functions that may end a path, with Jayway's names and results.
///
/// Jayway returns `null` (no value here) when a function does not apply, e.g. `length()` of a
/// string or `min()` of an array with no numbers in it.
enum JSONPathFunction: String, Sendable, CaseIterable {
    case length, size, min, max, avg, sum, stddev, keys, first, last

    func apply(to value: JSONValue) -> JSONValue? {
        switch self {
        case .length, .size:
            // Jayway counts array elements and object members only.
            switch value {
            case .array(let elements): return .int(elements.count)
            case .object(let object): return .int(object.count)
            default: return nil
            }
        case .keys:
            guard case .object(let object) = value else { return nil }
            return .array(object.keys.map(JSONValue.string))
        case .first:
            return value.arrayValue?.first
        case .last:
            return value.arrayValue?.last
        case .min, .max, .avg, .sum, .stddev:
            return aggregate(value)
        }
    }

    /// Numeric aggregation over an array's numbers (other elements are skipped), computed in
    /// doubles and written as Java writes a `Double`, so `sum()` of `[1, 2]` reads `3.0`.
    private func aggregate(_ value: JSONValue) -> JSONValue? {
        guard case .array(let elements) = value else { return nil }
        let numbers = elements.compactMap { $0.numberValue?.doubleValue }.filter { !$0.isNaN }
        guard let firstNumber = numbers.first else { return nil }
        let result: Double
        switch self {
        case .min: result = numbers.reduce(firstNumber) { Swift.min($0, $1) }
        case .max: result = numbers.reduce(firstNumber) { Swift.max($0, $1) }
        case .sum: result = numbers.reduce(0, +)
        case .avg: result = numbers.reduce(0, +) / Double(numbers.count)
        case .stddev:
            // Population standard deviation, as Jayway computes it.
            let count = Double(numbers.count)
            let mean = numbers.reduce(0, +) / count
            let meanOfSquares = numbers.reduce(0) { $0 + $1 * $1 } / count
            result = (Swift.max(0, meanOfSquares - mean * mean)).squareRoot()
        default: return nil
        }
        guard let text = JavaDoubleText.string(result) else { return nil }
        return .number(JSONNumber(literal: text))
    }
}
