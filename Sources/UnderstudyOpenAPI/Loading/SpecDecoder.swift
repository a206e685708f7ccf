import Foundation
import OpenAPIKit
import UnderstudyJSON

/// Decodes OpenAPIKit's types straight from a spec already read into ``JSONValue``, instead of
/// writing it out and having JSONDecoder parse it again. It reads values as JSONDecoder does
/// (numbers, `null`, missing keys, URLs), and hands `AnyCodable` the node's plain value whole
/// rather than letting it probe every type at every level (``DecodingNode``).
///
/// It only ever says yes faster: when it meets anything it does not read as JSONDecoder would, it
/// gives up (``decodes(_:from:)`` is false) and the caller asks JSONDecoder, which also words
/// the error when there is one.
struct SpecDecoder: Decoder {
    /// What one decoding shares: whether to trust it, and what it decoded already.
    final class Session {
        /// Set when the decoder met something it does not mirror, so a success cannot be trusted.
        var gaveUp = false
        /// Each object or array already decoded as each type. OpenAPIKit's decoding depends only
        /// on the value (the coding path only words errors), and equal subtrees are one node, so
        /// a subtree a spec repeats is decoded once.
        var decoded: [Decoded: Any] = [:]

        struct Decoded: Hashable {
            let type: ObjectIdentifier
            let node: ObjectIdentifier
        }
    }

    let node: DecodingNode
    let codingPath: [any CodingKey]
    let session: Session
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Whether `type` decodes from `value` without error.
    static func decodes<T: Decodable>(_ type: T.Type, from value: JSONValue) -> Bool {
        guard let root = DecodingNode.tree(value) else { return false }
        let session = Session()
        do {
            _ = try T(from: SpecDecoder(node: root, codingPath: [], session: session))
        } catch {
            return false
        }
        return !session.gaveUp
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object = node.content else {
            throw mismatch([String: Any].self)
        }
        return KeyedDecodingContainer(SpecKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node.content else {
            throw mismatch([Any].self)
        }
        return SpecUnkeyedContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SpecSingleValueContainer(decoder: self)
    }

    /// The decoder for a member or element.
    func child(_ node: DecodingNode, key: any CodingKey) -> SpecDecoder {
        SpecDecoder(node: node, codingPath: codingPath + [key], session: session)
    }

    // MARK: Values

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == AnyCodable.self { return AnyCodable(node.plainValue) as! T }
        if T.self == [String: AnyCodable].self {
            guard case .object(let keys, let values) = node.content else {
                throw mismatch(T.self)
            }
            var result: [String: AnyCodable] = [:]
            result.reserveCapacity(keys.count)
            for (key, value) in zip(keys, values) { result[key] = AnyCodable(value.plainValue) }
            return result as! T
        }
        if T.self == URL.self {
            // JSONDecoder reads a URL from its string, not through URL's own Codable form.
            guard let url = URL(string: try string()) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        }
        if T.self == Data.self || T.self == Decimal.self || T.self == Date.self {
            // JSONDecoder has strategies of its own for these; leave them to it.
            session.gaveUp = true
        }
        switch node.content {
        case .object, .array:
            let key = Session.Decoded(type: ObjectIdentifier(T.self), node: ObjectIdentifier(node))
            if let known = session.decoded[key] as? T { return known }
            let value = try T(from: self)
            session.decoded[key] = value
            return value
        default:
            return try T(from: self)
        }
    }

    func isNull() -> Bool {
        if case .null = node.content { return true }
        return false
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = node.content else { throw mismatch(Bool.self) }
        return flag
    }

    func string() throws -> String {
        guard case .string(let text) = node.content else { throw mismatch(String.self) }
        return text
    }

    /// An integer as JSONDecoder reads one: written as an integer, or any number whose value is
    /// exactly one (`1.0`; with an exponent, it gives up rather than second-guess the rounding).
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let number) = node.content else { throw mismatch(T.self) }
        if let value = T(number.text) { return value }
        // A number that is not integral as a double is not integral as written either.
        if let double = Double(number.text), double.isFinite, let value = T(exactly: double) {
            let parts = number.text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let zeroFraction = parts.count == 2 && T(parts[0]) != nil && parts[1].allSatisfy { $0 == "0" }
            if !zeroFraction { session.gaveUp = true }
            return value
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "number does not fit"))
    }

    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard case .number(let number) = node.content else { throw mismatch(T.self) }
        guard let value = T(number.text), value.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "number does not fit"))
        }
        return value
    }

    /// JSONDecoder's error for a value of another type: `valueNotFound` for `null`, else a mismatch.
    /// Its description is fixed text: OpenAPIKit tries types in turn and drops most of these, and
    /// naming the type each time costs more than the rest of the attempt (JSONDecoder words the
    /// error that stops a load).
    func mismatch(_ type: Any.Type) -> DecodingError {
        if isNull() {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found another type instead"))
    }
}
