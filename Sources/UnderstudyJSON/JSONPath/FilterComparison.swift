import Foundation

/// A filter operand once evaluated: a JSON value, a path that found nothing, or a regex.
enum FilterValue {
    case value(JSONValue)
    case undefined
    case regex(JSONPathRegex)
}

/// What each filter operator means, following Jayway's evaluators. Nothing here throws or
/// traps: operands of the wrong kind simply do not match.
enum FilterComparison {
    static func evaluate(_ op: RelationalOperator, _ left: FilterValue, _ right: FilterValue) -> Bool {
        switch op {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .strictEqual: return strictEqual(left, right)
        case .strictNotEqual: return !strictEqual(left, right)
        case .less: return order(left, right).map { $0 < 0 } ?? false
        case .lessOrEqual: return order(left, right).map { $0 <= 0 } ?? false
        case .greater: return order(left, right).map { $0 > 0 } ?? false
        case .greaterOrEqual: return order(left, right).map { $0 >= 0 } ?? false
        case .regex: return regexMatches(left, right)
        case .in:
            guard let list = array(right) else { return false }
            return list.contains { equal(left, .value($0)) }
        case .notIn:
            guard let list = array(right) else { return false }
            return !list.contains { equal(left, .value($0)) }
        case .subsetOf:
            guard let items = array(left), let list = array(right) else { return false }
            return items.allSatisfy { item in list.contains { equal(.value(item), .value($0)) } }
        case .anyOf:
            guard let items = array(left), let list = array(right) else { return false }
            return items.contains { item in list.contains { equal(.value(item), .value($0)) } }
        case .noneOf:
            guard let items = array(left), let list = array(right) else { return false }
            return !items.contains { item in list.contains { equal(.value(item), .value($0)) } }
        case .contains:
            switch (left, right) {
            case (.value(.string(let text)), .value(.string(let part))): return text.contains(part)
            case (.value(.array(let items)), _): return items.contains { equal(right, .value($0)) }
            default: return false
            }
        case .all:
            guard let items = array(left), let required = array(right) else { return false }
            return required.allSatisfy { needed in items.contains { equal(.value($0), .value(needed)) } }
        case .size:
            guard case .value(.number(let expected)) = right, let size = expected.intValue else { return false }
            switch left {
            case .value(.string(let text)): return text.utf16.count == size  // Java counts UTF-16 units
            case .value(.array(let items)): return items.count == size
            default: return false
            }
        case .empty:
            guard case .value(.bool(let expected)) = right else { return false }
            switch left {
            case .value(.string(let text)): return text.isEmpty == expected
            case .value(.array(let items)): return items.isEmpty == expected
            case .value(.object(let object)): return object.isEmpty == expected
            default: return false
            }
        }
    }

    private static func array(_ value: FilterValue) -> [JSONValue]? {
        if case .value(.array(let items)) = value { return items }
        return nil
    }

    /// Jayway's `==`. A missing value equals nothing. Numbers compare by value. A number on the
    /// left equals a string that reads as the same number (`@.n == '2'` matches `2`); a string
    /// on the left equals a number written the same way (`@.s == 2` matches `"2"`).
    static func equal(_ left: FilterValue, _ right: FilterValue) -> Bool {
        switch (left, right) {
        case (.value(let l), .value(let r)):
            switch (l, r) {
            case (.number(let a), .number(let b)): return compare(a, b) == 0
            case (.number(let a), .string(let b)):
                guard let number = numberFromString(b) else { return false }
                return compare(a, number) == 0
            case (.string(let a), .number(let b)): return a == b.text
            case (.string(let a), .string(let b)): return a == b
            case (.bool(let a), .bool(let b)): return a == b
            case (.null, .null): return true
            case (.array, .array), (.object, .object): return l == r
            default: return false
            }
        case (.regex(let a), .regex(let b)):
            return a.pattern == b.pattern && a.flags == b.flags
        default:
            return false
        }
    }

    /// Jayway's `===`: equal and of the same kind, so `2 === '2'` is false.
    private static func strictEqual(_ left: FilterValue, _ right: FilterValue) -> Bool {
        guard case .value(let l) = left, case .value(let r) = right else { return equal(left, right) }
        switch (l, r) {
        case (.number, .number), (.string, .string), (.bool, .bool), (.null, .null),
            (.array, .array), (.object, .object):
            return equal(left, right)
        default:
            return false
        }
    }

    /// Ordering for `<`, `<=`, `>`, `>=`: numbers by value, strings by UTF-16 code units (as
    /// Java's `compareTo`). Any other pairing, including number against string, is unordered
    /// and never matches.
    private static func order(_ left: FilterValue, _ right: FilterValue) -> Int? {
        guard case .value(let l) = left, case .value(let r) = right else { return nil }
        switch (l, r) {
        case (.number(let a), .number(let b)):
            return compare(a, b)
        case (.string(let a), .string(let b)):
            if a == b { return 0 }
            return a.utf16.lexicographicallyPrecedes(b.utf16) ? -1 : 1
        default:
            return nil
        }
    }

    /// Numbers by exact value, cheaply: rounding to double is monotonic, so doubles that differ
    /// are already in the right order; only a tie needs the (slower) exact decimal comparison.
    private static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int? {
        if a.text == b.text { return 0 }
        let x = a.doubleValue
        let y = b.doubleValue
        guard !x.isNaN, !y.isNaN else { return nil }
        if x != y { return x < y ? -1 : 1 }
        guard let exactX = a.decimalValue, let exactY = b.decimalValue else { return 0 }
        return exactX < exactY ? -1 : (exactX == exactY ? 0 : 1)
    }

    /// `=~`: the regex may be on either side. Strings, numbers and booleans are matched as
    /// text; an array matches when any element does; anything else is matched as "".
    private static func regexMatches(_ left: FilterValue, _ right: FilterValue) -> Bool {
        switch (left, right) {
        case (.regex(let regex), .value(let value)), (.value(let value), .regex(let regex)):
            if case .array(let items) = value {
                return items.contains { regex.matches(text(of: $0)) }
            }
            return regex.matches(text(of: value))
        case (.regex(let regex), .undefined), (.undefined, .regex(let regex)):
            return regex.matches("")
        default:
            return false
        }
    }

    private static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .number(let n): return n.text
        case .bool(let b): return b ? "true" : "false"
        default: return ""
        }
    }

    /// A string Java's `BigDecimal` would accept as a number: optional sign, digits with an
    /// optional point, optional exponent.
    private static func numberFromString(_ text: String) -> JSONNumber? {
        var scalars = Substring(text)
        if scalars.first == "+" { scalars = scalars.dropFirst() }
        var normalised = String(scalars)
        if normalised.hasPrefix(".") { normalised = "0" + normalised }
        if normalised.hasPrefix("-.") { normalised = "-0" + normalised.dropFirst() }
        if normalised.hasSuffix(".") { normalised += "0" }
        guard let value = try? JSONParser.parse(normalised), case .number(let number) = value else { return nil }
        return number
    }
}
