/// A field's declared type, as `FieldDescriptorProto.Type` numbers it.
package enum ProtoFieldType: Int, Sendable {
    case double = 1
    case float, int64, uint64, int32, fixed64, fixed32, bool, string, group, message, bytes, uint32
    case enumeration = 14
    case sfixed32, sfixed64, sint32, sint64

    /// The wire type a single value of this type is written with.
    package var wireType: ProtoWireType {
        switch self {
        case .double, .fixed64, .sfixed64: .fixed64
        case .float, .fixed32, .sfixed32: .fixed32
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        default: .varint
        }
    }

    /// Scalars of a varint or fixed width, which a repeated field may pack into one run.
    package var isPackable: Bool { wireType != .lengthDelimited && wireType != .startGroup }
}
