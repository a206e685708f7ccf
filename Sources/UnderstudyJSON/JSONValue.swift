import Foundation

/// A JSON document as WireMock sees it: objects keep their key order (so a stored stub is written
/// back the way it was read), numbers keep their literal text (so `1.20` round-trips and big
/// integers lose nothing), and equality ignores key order and compares numbers by value.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in order.
    case object(JSONObject)
}

extension JSONValue {
    /// A number from a Swift integer.
    public static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
    /// A number from a Swift double.
    public static func double(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
    /// The number, if this is one.
    public var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
    /// The members, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
    /// True for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member `key` of an object, or nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` of an array, or nil for an index out of range or a non-array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The JSON type's name as JSON Schema and error messages spell it.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let n): return n.isInteger ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// A JSON number kept as its literal text, compared by value.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal as written in the source, e.g. `1.20` or `-3e5`.
    public let text: String

    /// A number from its JSON text, kept as written.
    public init(literal text: String) { self.text = text }
    /// An integer.
    public init(_ value: Int) { self.text = String(value) }
    /// A floating-point number.
    public init(_ value: Double) {
        if value.rounded() == value, abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = String(value)
        }
    }

    /// The value as a `Double` (NaN if the text is not a number).
    public var doubleValue: Double { Double(text) ?? .nan }

    /// The value as an exact integer when it is one (`2`, `2.0`, `2e3`), else nil.
    public var intValue: Int? {
        if let i = Int(text) { return i }
        let d = doubleValue
        guard d.isFinite, d.rounded() == d, abs(d) < 9.0e18 else { return nil }
        return Int(d)
    }

    /// True when the number is a whole number that fits an `Int`.
    public var isInteger: Bool { intValue != nil }

    /// Exact decimal value, so `0.1` equals `0.10` and `1e2` equals `100` without binary rounding.
    public var decimalValue: Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }

    public var description: String { text }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        if let l = lhs.decimalValue, let r = rhs.decimalValue { return l == r }
        return lhs.doubleValue == rhs.doubleValue
    }

    public func hash(into hasher: inout Hasher) {
        // Values equal by `==` must hash alike: hash the double, which equal decimals share.
        hasher.combine(doubleValue)
    }
}

/// A JSON object that keeps its members in source order. Equality ignores order.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member with this key and value.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members, in order.
    public private(set) var members: [Member]

    /// An empty object.
    public init() { members = [] }
    /// An object with these members, in this order.
    public init(_ members: [Member]) { self.members = members }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// How many members.
    public var count: Int { members.count }
    /// True without members.
    public var isEmpty: Bool { members.isEmpty }
    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The value for `key`; with duplicate keys the last one wins, as most parsers do.
    public subscript(key: String) -> JSONValue? {
        get {
            for member in members.reversed() where member.key == key { return member.value }
            return nil
        }
        set {
            if let newValue {
                if let index = members.lastIndex(where: { $0.key == key }) {
                    members[index].value = newValue
                } else {
                    members.append(Member(key: key, value: newValue))
                }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// A dictionary view for order-insensitive work on large objects.
    public var dictionary: [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        result.reserveCapacity(members.count)
        for member in members { result[member.key] = member.value }
        return result
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.dictionary == rhs.dictionary
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(dictionary)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
    public init(nilLiteral: ()) { self = .null }
}
