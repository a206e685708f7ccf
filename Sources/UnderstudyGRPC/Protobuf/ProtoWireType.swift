/// How a field's value is laid out on the wire: the low three bits of its tag
/// (protobuf's encoding guide, "Message Structure").
package enum ProtoWireType: UInt8, Sendable {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case startGroup = 3
    case endGroup = 4
    case fixed32 = 5
}
