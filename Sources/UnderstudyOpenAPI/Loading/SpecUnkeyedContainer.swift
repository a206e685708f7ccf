import Foundation

/// An array's elements for ``SpecDecoder``, read in turn.
struct SpecUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: SpecDecoder
    let items: [DecodingNode]
    private(set) var currentIndex = 0

    init(decoder: SpecDecoder, items: [DecodingNode]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// An element's key, as JSONDecoder names it.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    /// The next element's decoder, moving past it; at the end, `valueNotFound`.
    private mutating func next(_ type: Any.Type) throws -> SpecDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [IndexKey(intValue: currentIndex)],
                    debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], key: IndexKey(intValue: currentIndex))
    }

    /// An element read through `read`: the index moves on only when it succeeds, as in JSONDecoder.
    private mutating func element<T>(_ type: T.Type, _ read: (SpecDecoder) throws -> T) throws -> T {
        let index = currentIndex
        let child = try next(type)
        do {
            return try read(child)
        } catch {
            currentIndex = index
            throw error
        }
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            _ = try next(Never.self)
            return false
        }
        guard case .null = items[currentIndex].content else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) { try $0.bool() } }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) { try $0.string() } }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) { try $0.floatingPoint(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) { try $0.floatingPoint(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) { try $0.integer(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try element(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try element((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        decoder.session.gaveUp = true
        return try next((any Decoder).self)
    }
}
