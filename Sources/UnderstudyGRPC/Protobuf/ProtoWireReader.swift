/// Reads protobuf's wire format from bytes, field by field, without knowing the message type:
/// the descriptor-driven decoders on top give the fields their meaning.
package struct ProtoWireReader {
    private let bytes: [UInt8]
    private var offset: Int
    private let end: Int

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        offset = 0
        end = bytes.count
    }

    package var isAtEnd: Bool { offset >= end }

    /// The next field's number and wire type; nil at the end of the message.
    package mutating func nextTag() throws(ProtoDecodingError) -> (number: Int, wireType: ProtoWireType)? {
        guard !isAtEnd else { return nil }
        let key = try varint()
        guard let wireType = ProtoWireType(rawValue: UInt8(key & 7)) else {
            throw ProtoDecodingError("wire type \(key & 7) does not exist")
        }
        let number = key >> 3
        guard number >= 1, number <= 536_870_911 else {
            throw ProtoDecodingError("field number \(number) is out of range")
        }
        return (Int(number), wireType)
    }

    package mutating func varint() throws(ProtoDecodingError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw .truncated }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw .overlongVarint }
            result |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    package mutating func fixed32() throws(ProtoDecodingError) -> UInt32 {
        guard end - offset >= 4 else { throw .truncated }
        var value: UInt32 = 0
        for i in 0..<4 { value |= UInt32(bytes[offset + i]) << (8 * UInt32(i)) }
        offset += 4
        return value
    }

    package mutating func fixed64() throws(ProtoDecodingError) -> UInt64 {
        guard end - offset >= 8 else { throw .truncated }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return value
    }

    /// A length-delimited field's bytes: a string, bytes, a nested message or a packed list.
    package mutating func lengthDelimited() throws(ProtoDecodingError) -> [UInt8] {
        let length = try varint()
        guard length <= UInt64(end - offset) else { throw .truncated }
        let slice = Array(bytes[offset..<(offset + Int(length))])
        offset += Int(length)
        return slice
    }

    /// Passes over a field this reader's caller does not know (kept out of the JSON form, as
    /// protobuf's JSON printer does with unknown fields).
    package mutating func skip(_ wireType: ProtoWireType, number: Int) throws(ProtoDecodingError) {
        switch wireType {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .fixed32: _ = try fixed32()
        case .lengthDelimited: _ = try lengthDelimited()
        case .startGroup:
            while let (inner, innerType) = try nextTag() {
                if innerType == .endGroup {
                    guard inner == number else { throw ProtoDecodingError("a group ends with the wrong field number") }
                    return
                }
                try skip(innerType, number: inner)
            }
            throw .truncated
        case .endGroup: throw ProtoDecodingError("a group ends that never started")
        }
    }
}
