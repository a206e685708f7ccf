/// Writes protobuf's wire format: the counterpart of ``ProtoWireReader``.
package struct ProtoWireWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func tag(_ number: Int, _ wireType: ProtoWireType) {
        varint(UInt64(number) << 3 | UInt64(wireType.rawValue))
    }

    package mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func fixed32(_ value: UInt32) {
        for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(i)))) }
    }

    package mutating func fixed64(_ value: UInt64) {
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    /// Bytes written as they are (a run already encoded).
    package mutating func append(_ raw: some Sequence<UInt8>) { bytes.append(contentsOf: raw) }

    package mutating func lengthDelimited(_ payload: [UInt8]) {
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }
}
