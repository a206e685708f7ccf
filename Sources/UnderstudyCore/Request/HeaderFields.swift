import UnderstudyTemplating

/// Request or response headers in arrival order. Names compare case-insensitively; a name may
/// repeat, and each occurrence keeps its own value.
public struct HeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header line.
    public struct Field: Sendable, Hashable {
        /// The name as sent.
        public var name: String
        /// The value.
        public var value: String
        /// A header line.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every header line, in order.
    public private(set) var fields: [Field]

    /// No headers.
    public init() { fields = [] }
    /// These header lines, in order.
    public init(_ fields: [Field]) { self.fields = fields }
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// Adds a line; the name may already be there.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every value of `name` with one value.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every line with this name (ignoring case).
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        var result: [String] = []
        for field in fields where field.name.equalsIgnoringASCIICase(name) { result.append(field.value) }
        return result
    }

    /// The first value for this name (ignoring case).
    public func first(_ name: String) -> String? {
        fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// True when a line has this name (ignoring case).
    public func contains(_ name: String) -> Bool { first(name) != nil }

    /// Distinct names in first-seen order, with the spelling first seen.
    public var names: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for field in fields where seen.insert(field.name.lowercased()).inserted { result.append(field.name) }
        return result
    }

    /// True with no header lines.
    public var isEmpty: Bool { fields.isEmpty }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}
