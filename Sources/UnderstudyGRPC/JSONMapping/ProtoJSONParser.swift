import Foundation
import UnderstudyJSON

/// Turns protobuf's JSON form back into a message's bytes: a stub's `jsonBody` (or `body`) into
/// the reply a gRPC client decodes. It accepts what protobuf's JSON parser accepts (a field by
/// its JSON name or its declared name, numbers as numbers or strings, enums by name or number,
/// `null` for "not set"), and refuses a key the message does not declare, naming it, so a
/// misspelt field in a stub fails at the call instead of reaching the client as an empty message.
package struct ProtoJSONParser: Sendable {
    package let schema: ProtoSchema

    package init(schema: ProtoSchema) { self.schema = schema }

    package func bytes(_ json: JSONValue, type fullName: String, at path: String = "")
        throws(ProtoDecodingError) -> [UInt8]
    {
        if let special = try WellKnownTypes.parsed(json, type: fullName, parser: self, at: path) { return special }
        return try fields(json, type: fullName, at: path)
    }

    /// The message from an object of its fields, without a well-known type's own form.
    func fields(_ json: JSONValue, type fullName: String, at path: String) throws(ProtoDecodingError) -> [UInt8] {
        guard case .object(let object) = json else {
            throw ProtoDecodingError("\(describe(path)) must be a JSON object for \(fullName), not \(json.typeName)")
        }
        let type = try schema.message(fullName)
        var writer = ProtoWireWriter()
        for member in object {
            guard let field = type.field(jsonKey: member.key) else {
                throw ProtoDecodingError("\(fullName) has no field \"\(member.key)\" (at \(describe(path)))")
            }
            let here = path + "/" + member.key
            if case .null = member.value, field.typeName != "google.protobuf.Value" { continue }
            // proto3 writes no field without presence at its default, as protobuf's serializers do.
            if !field.isRepeated, !field.tracksPresence, isDefault(member.value, field) { continue }
            try write(member.value, field: field, into: &writer, at: here)
        }
        return writer.bytes
    }

    private func write(
        _ json: JSONValue, field: ProtoMessageType.Field, into writer: inout ProtoWireWriter, at path: String
    )
        throws(ProtoDecodingError)
    {
        if field.isRepeated, let entryName = field.typeName, let entry = try? schema.message(entryName),
            entry.isMapEntry
        {
            guard case .object(let map) = json else {
                throw ProtoDecodingError("\(path) must be a JSON object (a map)")
            }
            guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else {
                throw ProtoDecodingError("map entry \(entry.fullName) lacks its key or value field")
            }
            for member in map {
                var entryWriter = ProtoWireWriter()
                try single(
                    .string(member.key), field: keyField, into: &entryWriter, at: path + "/" + member.key, mapKey: true)
                try single(member.value, field: valueField, into: &entryWriter, at: path + "/" + member.key)
                writer.tag(field.number, .lengthDelimited)
                writer.lengthDelimited(entryWriter.bytes)
            }
            return
        }
        if field.isRepeated {
            guard case .array(let items) = json else { throw ProtoDecodingError("\(path) must be a JSON array") }
            guard field.isPacked else {
                for (index, item) in items.enumerated() {
                    try single(item, field: field, into: &writer, at: "\(path)/\(index)")
                }
                return
            }
            // One run of the bare values: each written with its tag, then the tags dropped.
            var run = ProtoWireWriter()
            for (index, item) in items.enumerated() {
                var one = ProtoWireWriter()
                try single(item, field: field, into: &one, at: "\(path)/\(index)")
                run.append(one.bytes.dropFirst(Self.tagSize(field.number)))
            }
            guard !run.bytes.isEmpty else { return }
            writer.tag(field.number, .lengthDelimited)
            writer.lengthDelimited(run.bytes)
            return
        }
        try single(json, field: field, into: &writer, at: path)
    }

    private func single(
        _ json: JSONValue, field: ProtoMessageType.Field, into writer: inout ProtoWireWriter, at path: String,
        mapKey: Bool = false
    ) throws(ProtoDecodingError) {
        let number = field.number
        switch field.type {
        case .message:
            writer.tag(number, .lengthDelimited)
            writer.lengthDelimited(try bytes(json, type: field.typeName ?? "", at: path))
        case .group:
            throw ProtoDecodingError("\(path): groups are not supported")
        case .string:
            guard case .string(let text) = json else { throw ProtoDecodingError("\(path) must be a string") }
            writer.tag(number, .lengthDelimited)
            writer.lengthDelimited(Array(text.utf8))
        case .bytes:
            guard case .string(let text) = json, let data = Self.base64(text) else {
                throw ProtoDecodingError("\(path) must be base64 text")
            }
            writer.tag(number, .lengthDelimited)
            writer.lengthDelimited(Array(data))
        case .bool:
            let flag: Bool
            switch json {
            case .bool(let value): flag = value
            case .string("true") where mapKey: flag = true
            case .string("false") where mapKey: flag = false
            default: throw ProtoDecodingError("\(path) must be true or false")
            }
            writer.tag(number, .varint)
            writer.varint(flag ? 1 : 0)
        case .enumeration:
            let value: Int32
            if case .string(let name) = json {
                guard let found = field.typeName.flatMap({ schema.enums[$0] })?.number(of: name) else {
                    throw ProtoDecodingError("\(path): \(field.typeName ?? "the enum") has no value \(name)")
                }
                value = found
            } else if case .null = json, field.typeName == "google.protobuf.NullValue" {
                value = 0
            } else {
                value = Int32(try integer(json, at: path, in: Int64(Int32.min)...Int64(Int32.max)))
            }
            writer.tag(number, .varint)
            writer.varint(UInt64(bitPattern: Int64(value)))
        case .double:
            writer.tag(number, .fixed64)
            writer.fixed64(try floating(json, at: path).bitPattern)
        case .float:
            writer.tag(number, .fixed32)
            writer.fixed32(Float(try floating(json, at: path)).bitPattern)
        case .int32, .int64:
            let range = field.type == .int32 ? Int64(Int32.min)...Int64(Int32.max) : Int64.min...Int64.max
            writer.tag(number, .varint)
            writer.varint(UInt64(bitPattern: try integer(json, at: path, in: range)))
        case .uint32:
            writer.tag(number, .varint)
            writer.varint(UInt64(try integer(json, at: path, in: 0...Int64(UInt32.max))))
        case .uint64:
            writer.tag(number, .varint)
            writer.varint(try unsigned(json, at: path))
        case .sint32, .sint64:
            let range = field.type == .sint32 ? Int64(Int32.min)...Int64(Int32.max) : Int64.min...Int64.max
            let value = try integer(json, at: path, in: range)
            writer.tag(number, .varint)
            writer.varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        case .fixed32:
            writer.tag(number, .fixed32)
            writer.fixed32(UInt32(try integer(json, at: path, in: 0...Int64(UInt32.max))))
        case .sfixed32:
            writer.tag(number, .fixed32)
            writer.fixed32(
                UInt32(bitPattern: Int32(try integer(json, at: path, in: Int64(Int32.min)...Int64(Int32.max)))))
        case .fixed64:
            writer.tag(number, .fixed64)
            writer.fixed64(try unsigned(json, at: path))
        case .sfixed64:
            writer.tag(number, .fixed64)
            writer.fixed64(UInt64(bitPattern: try integer(json, at: path, in: Int64.min...Int64.max)))
        }
    }

    private func integer(_ json: JSONValue, at path: String, in range: ClosedRange<Int64>) throws(ProtoDecodingError)
        -> Int64
    {
        let text: String
        switch json {
        case .number(let number): text = number.text
        case .string(let written): text = written
        default: throw ProtoDecodingError("\(path) must be an integer")
        }
        if let exact = Int64(text), range.contains(exact) { return exact }
        // `1e3` and `5.0` are integers too, as protobuf's parser reads them.
        if let double = Double(text), double.rounded() == double, abs(double) < 9.0e15, range.contains(Int64(double)) {
            return Int64(double)
        }
        throw ProtoDecodingError("\(path) must be an integer in \(range.lowerBound)...\(range.upperBound), not \(text)")
    }

    private func unsigned(_ json: JSONValue, at path: String) throws(ProtoDecodingError) -> UInt64 {
        let text: String
        switch json {
        case .number(let number): text = number.text
        case .string(let written): text = written
        default: throw ProtoDecodingError("\(path) must be an unsigned integer")
        }
        if let value = UInt64(text) { return value }
        return UInt64(try integer(json, at: path, in: 0...Int64.max))
    }

    private func floating(_ json: JSONValue, at path: String) throws(ProtoDecodingError) -> Double {
        switch json {
        case .number(let number): return number.doubleValue
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string(let text):
            if let value = Double(text) { return value }
        default: break
        }
        throw ProtoDecodingError("\(path) must be a number")
    }

    private func isDefault(_ json: JSONValue, _ field: ProtoMessageType.Field) -> Bool {
        switch (field.type, json) {
        case (.string, .string(let text)), (.bytes, .string(let text)): return text.isEmpty
        case (.bool, .bool(let flag)): return !flag
        case (.enumeration, .string(let name)):
            return field.typeName.flatMap { schema.enums[$0] }?.number(of: name) == 0
        case (.message, _), (.group, _): return false
        case (_, .number(let number)): return number.doubleValue == 0 && !number.text.hasPrefix("-")
        case (_, .string(let text)): return Double(text) == 0 && !text.hasPrefix("-")
        default: return false
        }
    }

    /// How many bytes a field's tag takes (a varint of the number shifted past the wire type).
    static func tagSize(_ number: Int) -> Int {
        var value = UInt64(number) << 3
        var size = 1
        while value >= 0x80 {
            value >>= 7
            size += 1
        }
        return size
    }

    /// Standard or URL-safe base64, padded or not, as protobuf's parser accepts.
    static func base64(_ text: String) -> Data? {
        var normal = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while normal.count % 4 != 0 { normal += "=" }
        return Data(base64Encoded: normal)
    }

    private func describe(_ path: String) -> String { path.isEmpty ? "the message" : path }
}
