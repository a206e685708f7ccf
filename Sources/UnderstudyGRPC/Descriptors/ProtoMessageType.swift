/// One message type from a descriptor set: what its fields are called and how they are typed.
package struct ProtoMessageType: Sendable {
    package struct Field: Sendable {
        package var name: String
        /// The lowerCamelCase name protobuf's JSON mapping prints (`json_name`, or derived).
        package var jsonName: String
        package var number: Int
        package var type: ProtoFieldType
        /// The message or enum type's full name, without the leading dot, for those types.
        package var typeName: String?
        package var isRepeated: Bool
        /// A repeated scalar written as one run (proto3's default, `[packed = true]` in proto2),
        /// as protobuf's serializers write it: an `Any` compares its packed bytes.
        package var isPacked = false
        /// Whether a zero value is still written: a `oneof` member, `optional` in proto3, or any
        /// singular field in proto2.
        package var tracksPresence: Bool
    }

    /// The full name, `package.Outer.Inner`.
    package var fullName: String
    package var fields: [Field]
    /// A map field's synthetic entry type (`key` = 1, `value` = 2).
    package var isMapEntry: Bool

    package func field(number: Int) -> Field? { fields.first { $0.number == number } }

    /// The field a JSON key names: its JSON name, or its name as declared (both are accepted).
    package func field(jsonKey: String) -> Field? {
        fields.first { $0.jsonName == jsonKey } ?? fields.first { $0.name == jsonKey }
    }
}

/// One enum type: its values by name and number.
package struct ProtoEnumType: Sendable {
    package var fullName: String
    package var values: [(name: String, number: Int32)]

    package func name(of number: Int32) -> String? { values.first { $0.number == number }?.name }
    package func number(of name: String) -> Int32? { values.first { $0.name == name }?.number }
}

/// One RPC of a service.
package struct ProtoMethod: Sendable {
    /// `package.Service`.
    package var service: String
    package var name: String
    package var inputType: String
    package var outputType: String
    package var clientStreaming: Bool
    package var serverStreaming: Bool

    /// The HTTP/2 path gRPC calls it by, and WireMock's extension matches on: `/package.Service/Method`.
    package var path: String { "/\(service)/\(name)" }
}
