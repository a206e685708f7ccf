import Foundation

/// An object's members for ``SpecDecoder``, with JSONDecoder's errors for a missing key.
struct SpecKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SpecDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        guard case .object(let keys, _) = decoder.node.content else { return [] }
        return keys.compactMap(Key.init(stringValue:))
    }

    func contains(_ key: Key) -> Bool { decoder.node.member(key.stringValue) != nil }

    /// The decoder for `key`'s value; a missing key is `keyNotFound`, as JSONDecoder has it.
    private func child(_ key: Key) throws -> SpecDecoder {
        guard let node = decoder.node.member(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value"))
        }
        return decoder.child(node, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).isNull() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).floatingPoint(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).floatingPoint(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).integer(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(named: SuperKey.super) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(named: key) }

    /// JSONDecoder's super decoder: the value at the key, or `null` when it is missing.
    private func superDecoder(named key: any CodingKey) throws -> any Decoder {
        // Not something OpenAPIKit asks for; mirrored loosely, so a success through it is not trusted.
        decoder.session.gaveUp = true
        let node = decoder.node.member(key.stringValue) ?? DecodingNode.tree(.null)!
        return decoder.child(node, key: key)
    }

    private enum SuperKey: String, CodingKey {
        case `super`
    }
}
