import Foundation
import UnderstudyJSON

/// A JSON document as shared nodes for ``SpecDecoder``. OpenAPIKit reads every object whole, as
/// a dictionary of plain values, to find its vendor extensions; each node builds that value once,
/// so a document costs its size rather than its size times its depth. Large objects find a key
/// through an index rather than a scan.
final class DecodingNode {
    enum Content {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([DecodingNode])
        case object(keys: [String], values: [DecodingNode])
    }

    let content: Content
    /// Built for objects with more members than a scan is worth.
    private let index: [String: Int]?
    private var plain: (any Sendable)?

    /// The tree of `value`, or nil when an object repeats a key (which JSONDecoder reads its own
    /// way; the caller then leaves the document to it). Equal subtrees share one node, so that
    /// ``SpecDecoder`` decodes each only once however often a spec repeats it.
    static func tree(_ value: JSONValue) -> DecodingNode? {
        var interner = Interner()
        return interner.node(value)
    }

    /// Makes one node for each distinct subtree, bottom up: two subtrees are equal when their
    /// scalars and keys are and their children are the same nodes.
    private struct Interner {
        enum Shape: Hashable {
            case null
            case bool(Bool)
            case number(String)
            case string(String)
            case array([ObjectIdentifier])
            case object([String], [ObjectIdentifier])
        }

        var nodes: [Shape: DecodingNode] = [:]

        mutating func node(_ value: JSONValue) -> DecodingNode? {
            switch value {
            case .null: return interned(.null) { DecodingNode(.null) }
            case .bool(let flag): return interned(.bool(flag)) { DecodingNode(.bool(flag)) }
            case .number(let number): return interned(.number(number.text)) { DecodingNode(.number(number)) }
            case .string(let text): return interned(.string(text)) { DecodingNode(.string(text)) }
            case .array(let items):
                var children: [DecodingNode] = []
                children.reserveCapacity(items.count)
                for item in items {
                    guard let child = node(item) else { return nil }
                    children.append(child)
                }
                return interned(.array(children.map(ObjectIdentifier.init))) { DecodingNode(.array(children)) }
            case .object(let object):
                var keys: [String] = []
                var values: [DecodingNode] = []
                keys.reserveCapacity(object.count)
                values.reserveCapacity(object.count)
                for member in object {
                    guard let child = node(member.value) else { return nil }
                    keys.append(member.key)
                    values.append(child)
                }
                let shape = Shape.object(keys, values.map(ObjectIdentifier.init))
                if let known = nodes[shape] { return known }
                guard let made = DecodingNode(keys: keys, values: values) else { return nil }
                nodes[shape] = made
                return made
            }
        }

        private mutating func interned(_ shape: Shape, _ make: () -> DecodingNode) -> DecodingNode {
            if let known = nodes[shape] { return known }
            let made = make()
            nodes[shape] = made
            return made
        }
    }

    private init(_ content: Content) {
        self.content = content
        index = nil
    }

    private init?(keys: [String], values: [DecodingNode]) {
        content = .object(keys: keys, values: values)
        if keys.count > Self.scanLimit {
            var index: [String: Int] = [:]
            index.reserveCapacity(keys.count)
            for (offset, key) in keys.enumerated() where index.updateValue(offset, forKey: key) != nil { return nil }
            self.index = index
        } else {
            for (offset, key) in keys.enumerated() where keys[..<offset].contains(key) { return nil }
            index = nil
        }
    }

    private static let scanLimit = 8

    /// The member `key` of an object.
    func member(_ key: String) -> DecodingNode? {
        guard case .object(let keys, let values) = content else { return nil }
        if let index { return index[key].map { values[$0] } }
        return keys.firstIndex(of: key).map { values[$0] }
    }

    /// The value as plain Swift types, as OpenAPIKit's `AnyCodable` decodes it: nil, `Bool`, `Int`
    /// (else `UInt`, else `Double`), `String`, arrays and string-keyed dictionaries.
    var plainValue: any Sendable {
        if let plain { return plain }
        let value: any Sendable
        switch content {
        case .null: value = Optional<Int>.none
        case .bool(let flag): value = flag
        case .number(let number):
            value = Int(number.text) ?? UInt(number.text) ?? (Double(number.text) as any Sendable)
        case .string(let text): value = text
        case .array(let items): value = items.map(\.plainValue)
        case .object(let keys, let values):
            var dictionary: [String: any Sendable] = [:]
            dictionary.reserveCapacity(keys.count)
            for (key, node) in zip(keys, values) { dictionary[key] = node.plainValue }
            value = dictionary
        }
        plain = value
        return value
    }
}
