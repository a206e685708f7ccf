import Foundation
import UnderstudyJSON

/// Turns a message's bytes into protobuf's canonical JSON form (the proto3 JSON mapping, as
/// protobuf-java's `JsonFormat.printer()` prints it): lowerCamelCase keys, fields at their default
/// value left out, 64-bit integers as strings, bytes as base64, enums by name, and the
/// well-known types in their own forms. This is the text a gRPC stub's `bodyPatterns` match.
package struct ProtoJSONPrinter: Sendable {
    package let schema: ProtoSchema

    package init(schema: ProtoSchema) { self.schema = schema }

    package func json(_ bytes: [UInt8], type fullName: String) throws(ProtoDecodingError) -> JSONValue {
        if let special = try WellKnownTypes.printed(bytes, type: fullName, printer: self) { return special }
        return .object(try fields(bytes, type: fullName))
    }

    /// The message as an object of its fields, without a well-known type's own form.
    func fields(_ bytes: [UInt8], type fullName: String) throws(ProtoDecodingError) -> JSONObject {
        let type = try schema.message(fullName)
        // Repeated fields gather across the message (a packed or unpacked run, or both).
        var values: [Int: [JSONValue]] = [:]
        var mapEntries: [Int: JSONObject] = [:]
        var reader = ProtoWireReader(bytes)
        while let (number, wireType) = try reader.nextTag() {
            guard let field = type.field(number: number) else {
                try reader.skip(wireType, number: number)
                continue
            }
            if field.isRepeated, field.type.isPackable, wireType == .lengthDelimited {
                var packed = ProtoWireReader(try reader.lengthDelimited())
                while !packed.isAtEnd { values[number, default: []].append(try scalar(field, from: &packed)) }
                continue
            }
            guard wireType == field.type.wireType else {
                throw ProtoDecodingError(
                    "field \(field.name) of \(fullName) has wire type \(wireType), not \(field.type.wireType)")
            }
            if field.isRepeated, let entryName = field.typeName, let entry = try? schema.message(entryName),
                entry.isMapEntry
            {
                let (key, value) = try mapEntry(try reader.lengthDelimited(), entry: entry)
                mapEntries[number, default: JSONObject()][key] = value
                continue
            }
            let value = try self.value(field, from: &reader)
            if field.isRepeated {
                values[number, default: []].append(value)
            } else {
                values[number] = [value]  // the last one wins, as protobuf merges a singular field
            }
        }
        var object = JSONObject()
        for field in type.fields {
            if let entries = mapEntries[field.number] {
                object[field.jsonName] = .object(entries)
            } else if let found = values[field.number] {
                if field.isRepeated {
                    object[field.jsonName] = .array(found)
                } else if let value = found.last, field.tracksPresence || !isDefault(value, field) {
                    object[field.jsonName] = value
                }
            }
        }
        return object
    }

    private func mapEntry(_ bytes: [UInt8], entry: ProtoMessageType) throws(ProtoDecodingError) -> (String, JSONValue) {
        guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else {
            throw ProtoDecodingError("map entry \(entry.fullName) lacks its key or value field")
        }
        var reader = ProtoWireReader(bytes)
        var key: JSONValue?
        var value: JSONValue?
        while let (number, wireType) = try reader.nextTag() {
            switch number {
            case 1: key = try self.value(keyField, from: &reader)
            case 2: value = try self.value(valueField, from: &reader)
            default: try reader.skip(wireType, number: number)
            }
        }
        let keyText: String
        switch key ?? defaultValue(keyField) {
        case .string(let text): keyText = text
        case .bool(let flag): keyText = flag ? "true" : "false"
        case .number(let number): keyText = number.text
        default: keyText = ""
        }
        return (keyText, value ?? defaultValue(valueField))
    }

    private func value(_ field: ProtoMessageType.Field, from reader: inout ProtoWireReader) throws(ProtoDecodingError)
        -> JSONValue
    {
        switch field.type {
        case .message:
            return try json(try reader.lengthDelimited(), type: field.typeName ?? "")
        case .group:
            try reader.skip(.startGroup, number: field.number)
            return .null
        case .string:
            let bytes = try reader.lengthDelimited()
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ProtoDecodingError("field \(field.name) is not valid UTF-8")
            }
            return .string(text)
        case .bytes:
            return .string(Data(try reader.lengthDelimited()).base64EncodedString())
        default:
            return try scalar(field, from: &reader)
        }
    }

    private func scalar(_ field: ProtoMessageType.Field, from reader: inout ProtoWireReader) throws(ProtoDecodingError)
        -> JSONValue
    {
        switch field.type {
        case .double: return Self.number(Double(bitPattern: try reader.fixed64()))
        case .float: return Self.number(Float(bitPattern: try reader.fixed32()))
        case .int64: return .string(String(Int64(bitPattern: try reader.varint())))
        case .uint64: return .string(String(try reader.varint()))
        case .sint64: return .string(String(Self.zigZag(try reader.varint())))
        case .fixed64: return .string(String(try reader.fixed64()))
        case .sfixed64: return .string(String(Int64(bitPattern: try reader.fixed64())))
        case .int32: return .number(JSONNumber(Int(Int32(truncatingIfNeeded: try reader.varint()))))
        case .uint32: return .number(JSONNumber(Int(UInt32(truncatingIfNeeded: try reader.varint()))))
        case .sint32: return .number(JSONNumber(Int(Int32(truncatingIfNeeded: Self.zigZag(try reader.varint())))))
        case .fixed32: return .number(JSONNumber(Int(try reader.fixed32())))
        case .sfixed32: return .number(JSONNumber(Int(Int32(bitPattern: try reader.fixed32()))))
        case .bool: return .bool(try reader.varint() != 0)
        case .enumeration:
            let number = Int32(truncatingIfNeeded: try reader.varint())
            if field.typeName == "google.protobuf.NullValue" { return .null }
            if let name = field.typeName.flatMap({ schema.enums[$0] })?.name(of: number) { return .string(name) }
            return .number(JSONNumber(Int(number)))
        default:
            throw ProtoDecodingError("field \(field.name) of type \(field.type) cannot be packed")
        }
    }

    /// A float or double: a number, or protobuf's names for the values JSON has none for.
    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value.isInfinite { return .string(value < 0 ? "-Infinity" : "Infinity") }
        if value == value.rounded(), abs(value) < 1e15 { return .number(JSONNumber(literal: String(Int64(value)))) }
        return .number(JSONNumber(literal: String(value)))
    }

    static func zigZag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }

    private func isDefault(_ value: JSONValue, _ field: ProtoMessageType.Field) -> Bool {
        value == defaultValue(field)
    }

    /// What an absent scalar reads as in proto3.
    func defaultValue(_ field: ProtoMessageType.Field) -> JSONValue {
        switch field.type {
        case .string, .bytes: return .string("")
        case .bool: return .bool(false)
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: return .string("0")
        case .enumeration:
            if field.typeName == "google.protobuf.NullValue" { return .null }
            if let name = field.typeName.flatMap({ schema.enums[$0] })?.name(of: 0) { return .string(name) }
            return .number(JSONNumber(0))
        case .message, .group: return .object(JSONObject())
        default: return .number(JSONNumber(0))
        }
    }
}
