/// Reads a `FileDescriptorSet` (what `protoc --descriptor_set_out` writes, WireMock's `.dsc`
/// files) into a ``ProtoSchema``. Only the parts of `descriptor.proto` that the JSON mapping and
/// the call paths need are read; options other than `map_entry`, source info and extensions are
/// passed over.
package enum DescriptorSetReader {
    /// Adds every file of the set to `schema`.
    package static func read(_ bytes: [UInt8], into schema: inout ProtoSchema) throws(ProtoDecodingError) {
        var reader = ProtoWireReader(bytes)
        var sawFile = false
        while let (number, wireType) = try reader.nextTag() {
            guard number == 1, wireType == .lengthDelimited else {
                try reader.skip(wireType, number: number)
                continue
            }
            try file(try reader.lengthDelimited(), into: &schema)
            sawFile = true
        }
        if !sawFile { throw ProtoDecodingError("the descriptor set holds no files") }
    }

    // FileDescriptorProto: name = 1, package = 2, dependency = 3, message_type = 4, enum_type = 5,
    // service = 6, syntax = 12.
    private static func file(_ bytes: [UInt8], into schema: inout ProtoSchema) throws(ProtoDecodingError) {
        var reader = ProtoWireReader(bytes)
        var name = ""
        var dependencies: [String] = []
        var package = ""
        var messages: [[UInt8]] = []
        var enums: [[UInt8]] = []
        var services: [[UInt8]] = []
        var syntax = "proto2"
        while let (number, wireType) = try reader.nextTag() {
            switch (number, wireType) {
            case (1, .lengthDelimited): name = string(try reader.lengthDelimited())
            case (2, .lengthDelimited): package = string(try reader.lengthDelimited())
            case (3, .lengthDelimited): dependencies.append(string(try reader.lengthDelimited()))
            case (4, .lengthDelimited): messages.append(try reader.lengthDelimited())
            case (5, .lengthDelimited): enums.append(try reader.lengthDelimited())
            case (6, .lengthDelimited): services.append(try reader.lengthDelimited())
            case (12, .lengthDelimited): syntax = string(try reader.lengthDelimited())
            default: try reader.skip(wireType, number: number)
            }
        }
        schema.addFile(name, bytes: bytes, dependencies: dependencies)
        let scope = package
        let before = Set(schema.messages.keys).union(schema.enums.keys).union(schema.methods.keys)
        for message in messages { try self.message(message, scope: scope, proto3: syntax == "proto3", into: &schema) }
        for enumeration in enums { try self.enumeration(enumeration, scope: scope, into: &schema) }
        for service in services { try self.service(service, scope: scope, into: &schema) }
        // What this file added is what it declares (reflection's "file containing symbol").
        for symbol in Set(schema.messages.keys).union(schema.enums.keys).subtracting(before) {
            schema.declare(symbol, in: name)
        }
        for (path, method) in schema.methods where !before.contains(path) {
            schema.declare(method.service, in: name)
            schema.declare("\(method.service).\(method.name)", in: name)
        }
    }

    // DescriptorProto: name = 1, field = 2, nested_type = 3, enum_type = 4, options = 7
    // (MessageOptions.map_entry = 7).
    private static func message(_ bytes: [UInt8], scope: String, proto3: Bool, into schema: inout ProtoSchema)
        throws(ProtoDecodingError)
    {
        var reader = ProtoWireReader(bytes)
        var name = ""
        var fields: [[UInt8]] = []
        var nested: [[UInt8]] = []
        var enums: [[UInt8]] = []
        var isMapEntry = false
        while let (number, wireType) = try reader.nextTag() {
            switch (number, wireType) {
            case (1, .lengthDelimited): name = string(try reader.lengthDelimited())
            case (2, .lengthDelimited): fields.append(try reader.lengthDelimited())
            case (3, .lengthDelimited): nested.append(try reader.lengthDelimited())
            case (4, .lengthDelimited): enums.append(try reader.lengthDelimited())
            case (7, .lengthDelimited): isMapEntry = try option(7, in: try reader.lengthDelimited()) ?? false
            default: try reader.skip(wireType, number: number)
            }
        }
        let fullName = qualified(name, in: scope)
        var type = ProtoMessageType(fullName: fullName, fields: [], isMapEntry: isMapEntry)
        for field in fields { type.fields.append(try self.field(field, proto3: proto3)) }
        schema.add(type)
        for inner in nested { try message(inner, scope: fullName, proto3: proto3, into: &schema) }
        for enumeration in enums { try self.enumeration(enumeration, scope: fullName, into: &schema) }
    }

    // FieldDescriptorProto: name = 1, number = 3, label = 4, type = 5, type_name = 6,
    // oneof_index = 9, json_name = 10, proto3_optional = 17.
    private static func field(_ bytes: [UInt8], proto3: Bool) throws(ProtoDecodingError) -> ProtoMessageType.Field {
        var reader = ProtoWireReader(bytes)
        var name = ""
        var jsonName: String?
        var number = 0
        var label = 1
        var typeNumber = 0
        var typeName: String?
        var inOneof = false
        var proto3Optional = false
        var packedOption: Bool?
        while let (tag, wireType) = try reader.nextTag() {
            switch (tag, wireType) {
            case (1, .lengthDelimited): name = string(try reader.lengthDelimited())
            case (3, .varint): number = Int(truncatingIfNeeded: try reader.varint())
            case (4, .varint): label = Int(truncatingIfNeeded: try reader.varint())
            case (5, .varint): typeNumber = Int(truncatingIfNeeded: try reader.varint())
            case (6, .lengthDelimited):
                let written = string(try reader.lengthDelimited())
                typeName = written.hasPrefix(".") ? String(written.dropFirst()) : written
            case (9, .varint):
                _ = try reader.varint()
                inOneof = true
            case (10, .lengthDelimited): jsonName = string(try reader.lengthDelimited())
            case (17, .varint): proto3Optional = try reader.varint() != 0
            case (8, .lengthDelimited): packedOption = try option(2, in: try reader.lengthDelimited())
            default: try reader.skip(wireType, number: tag)
            }
        }
        guard let type = ProtoFieldType(rawValue: typeNumber) else {
            throw ProtoDecodingError("field \(name) has unknown type \(typeNumber)")
        }
        let isRepeated = label == 3
        var field = ProtoMessageType.Field(
            name: name, jsonName: jsonName ?? lowerCamelCase(name), number: number, type: type, typeName: typeName,
            isRepeated: isRepeated,
            tracksPresence: !isRepeated && (inOneof || proto3Optional || !proto3 || type == .message))
        field.isPacked = isRepeated && type.isPackable && (packedOption ?? proto3)
        return field
    }

    // EnumDescriptorProto: name = 1, value = 2 (EnumValueDescriptorProto: name = 1, number = 2).
    private static func enumeration(_ bytes: [UInt8], scope: String, into schema: inout ProtoSchema)
        throws(ProtoDecodingError)
    {
        var reader = ProtoWireReader(bytes)
        var type = ProtoEnumType(fullName: "", values: [])
        var name = ""
        while let (number, wireType) = try reader.nextTag() {
            switch (number, wireType) {
            case (1, .lengthDelimited): name = string(try reader.lengthDelimited())
            case (2, .lengthDelimited):
                var value = ProtoWireReader(try reader.lengthDelimited())
                var valueName = ""
                var valueNumber: Int32 = 0
                while let (inner, innerType) = try value.nextTag() {
                    switch (inner, innerType) {
                    case (1, .lengthDelimited): valueName = string(try value.lengthDelimited())
                    case (2, .varint): valueNumber = Int32(truncatingIfNeeded: try value.varint())
                    default: try value.skip(innerType, number: inner)
                    }
                }
                type.values.append((valueName, valueNumber))
            default: try reader.skip(wireType, number: number)
            }
        }
        type.fullName = qualified(name, in: scope)
        schema.add(type)
    }

    // ServiceDescriptorProto: name = 1, method = 2 (MethodDescriptorProto: name = 1,
    // input_type = 2, output_type = 3, client_streaming = 5, server_streaming = 6).
    private static func service(_ bytes: [UInt8], scope: String, into schema: inout ProtoSchema)
        throws(ProtoDecodingError)
    {
        var reader = ProtoWireReader(bytes)
        var name = ""
        var methods: [ProtoMethod] = []
        while let (number, wireType) = try reader.nextTag() {
            switch (number, wireType) {
            case (1, .lengthDelimited): name = string(try reader.lengthDelimited())
            case (2, .lengthDelimited):
                var method = ProtoWireReader(try reader.lengthDelimited())
                var entry = ProtoMethod(
                    service: "", name: "", inputType: "", outputType: "", clientStreaming: false,
                    serverStreaming: false)
                while let (inner, innerType) = try method.nextTag() {
                    switch (inner, innerType) {
                    case (1, .lengthDelimited): entry.name = string(try method.lengthDelimited())
                    case (2, .lengthDelimited): entry.inputType = typeName(try method.lengthDelimited())
                    case (3, .lengthDelimited): entry.outputType = typeName(try method.lengthDelimited())
                    case (5, .varint): entry.clientStreaming = try method.varint() != 0
                    case (6, .varint): entry.serverStreaming = try method.varint() != 0
                    default: try method.skip(innerType, number: inner)
                    }
                }
                methods.append(entry)
            default: try reader.skip(wireType, number: number)
            }
        }
        let fullName = qualified(name, in: scope)
        for var method in methods {
            method.service = fullName
            schema.add(method)
        }
    }

    /// A bool option with this field number, if the options message sets it.
    private static func option(_ option: Int, in bytes: [UInt8]) throws(ProtoDecodingError) -> Bool? {
        var reader = ProtoWireReader(bytes)
        var value: Bool?
        while let (number, wireType) = try reader.nextTag() {
            if number == option, wireType == .varint {
                value = try reader.varint() != 0
            } else {
                try reader.skip(wireType, number: number)
            }
        }
        return value
    }

    private static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func typeName(_ bytes: [UInt8]) -> String {
        let written = string(bytes)
        return written.hasPrefix(".") ? String(written.dropFirst()) : written
    }

    private static func qualified(_ name: String, in scope: String) -> String {
        scope.isEmpty ? name : "\(scope).\(name)"
    }

    /// protoc's rule for a JSON name when the descriptor carries none: drop each underscore and
    /// capitalise the letter after it.
    static func lowerCamelCase(_ name: String) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            if character == "_" {
                upperNext = true
            } else if upperNext {
                result += character.uppercased()
                upperNext = false
            } else {
                result.append(character)
            }
        }
        return result
    }
}
