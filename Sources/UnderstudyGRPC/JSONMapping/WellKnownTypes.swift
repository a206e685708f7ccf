import Foundation
import UnderstudyJSON

/// The `google.protobuf` types whose JSON form is not an object of their fields (the proto3 JSON
/// mapping's table): Timestamp and Duration as strings, the wrappers as their value, Struct,
/// Value and ListValue as the JSON they hold, FieldMask as one string, Any with `@type`.
/// Their descriptors are built in too, for descriptor sets made without `--include_imports`.
enum WellKnownTypes {
    private static let wrappers: [String: ProtoFieldType] = [
        "google.protobuf.DoubleValue": .double, "google.protobuf.FloatValue": .float,
        "google.protobuf.Int64Value": .int64, "google.protobuf.UInt64Value": .uint64,
        "google.protobuf.Int32Value": .int32, "google.protobuf.UInt32Value": .uint32,
        "google.protobuf.BoolValue": .bool, "google.protobuf.StringValue": .string,
        "google.protobuf.BytesValue": .bytes
    ]

    /// A built-in descriptor for a well-known type.
    static func message(_ fullName: String) -> ProtoMessageType? {
        func field(
            _ name: String, _ number: Int, _ type: ProtoFieldType, _ typeName: String? = nil, repeated: Bool = false
        )
            -> ProtoMessageType.Field
        {
            .init(
                name: name, jsonName: DescriptorSetReader.lowerCamelCase(name), number: number, type: type,
                typeName: typeName, isRepeated: repeated, tracksPresence: false)
        }
        let fields: [ProtoMessageType.Field]
        switch fullName {
        case "google.protobuf.Empty": fields = []
        case "google.protobuf.Timestamp", "google.protobuf.Duration":
            fields = [field("seconds", 1, .int64), field("nanos", 2, .int32)]
        case "google.protobuf.Any": fields = [field("type_url", 1, .string), field("value", 2, .bytes)]
        case "google.protobuf.FieldMask": fields = [field("paths", 1, .string, repeated: true)]
        case "google.protobuf.Struct":
            fields = [field("fields", 1, .message, "google.protobuf.Struct.FieldsEntry", repeated: true)]
        case "google.protobuf.Struct.FieldsEntry":
            return ProtoMessageType(
                fullName: fullName,
                fields: [field("key", 1, .string), field("value", 2, .message, "google.protobuf.Value")],
                isMapEntry: true)
        case "google.protobuf.ListValue":
            fields = [field("values", 1, .message, "google.protobuf.Value", repeated: true)]
        case "google.protobuf.Value":
            // A oneof: whichever member is set is written, even at its zero value.
            fields = [
                field("null_value", 1, .enumeration, "google.protobuf.NullValue"), field("number_value", 2, .double),
                field("string_value", 3, .string), field("bool_value", 4, .bool),
                field("struct_value", 5, .message, "google.protobuf.Struct"),
                field("list_value", 6, .message, "google.protobuf.ListValue")
            ].map { member in
                var member = member
                member.tracksPresence = true
                return member
            }
        default:
            guard let type = wrappers[fullName] else { return nil }
            fields = [field("value", 1, type)]
        }
        return ProtoMessageType(fullName: fullName, fields: fields, isMapEntry: false)
    }

    // MARK: Bytes to JSON

    static func printed(_ bytes: [UInt8], type: String, printer: ProtoJSONPrinter) throws(ProtoDecodingError)
        -> JSONValue?
    {
        guard type.hasPrefix("google.protobuf.") else { return nil }
        switch type {
        case "google.protobuf.Timestamp":
            let (seconds, nanos) = try secondsAndNanos(bytes, printer: printer, type: type)
            return .string(Timestamps.text(seconds: seconds, nanos: nanos))
        case "google.protobuf.Duration":
            let (seconds, nanos) = try secondsAndNanos(bytes, printer: printer, type: type)
            let sign = seconds < 0 || nanos < 0 ? "-" : ""
            return .string(sign + "\(seconds.magnitude)" + Timestamps.fraction(nanos.magnitude) + "s")
        case "google.protobuf.Struct":
            return try printer.fields(bytes, type: type)["fields"] ?? .object(JSONObject())
        case "google.protobuf.ListValue":
            return try printer.fields(bytes, type: type)["values"] ?? .array([])
        case "google.protobuf.Value":
            // One member of its oneof, whichever it is, is the value itself.
            return try printer.fields(bytes, type: type).members.last?.value ?? .null
        case "google.protobuf.FieldMask":
            let paths = try printer.fields(bytes, type: type)["paths"]?.arrayValue ?? []
            return .string(
                paths.compactMap(\.stringValue).map(DescriptorSetReader.lowerCamelCase).joined(separator: ","))
        case "google.protobuf.Any":
            let object = try printer.fields(bytes, type: type)
            guard let url = object["typeUrl"]?.stringValue else { return .object(JSONObject()) }
            let packed = ProtoJSONParser.base64(object["value"]?.stringValue ?? "").map { [UInt8]($0) } ?? []
            let inner = try printer.json(packed, type: anyTypeName(url))
            var result: JSONObject = ["@type": .string(url)]
            if case .object(let fields) = inner, !hasOwnForm(anyTypeName(url)) {
                for member in fields { result[member.key] = member.value }
            } else {
                result["value"] = inner
            }
            return .object(result)
        default:
            guard let wrapped = wrappers[type] else { return nil }
            if let value = try printer.fields(bytes, type: type)["value"] { return value }
            return printer.defaultValue(
                .init(
                    name: "value", jsonName: "value", number: 1, type: wrapped, typeName: nil, isRepeated: false,
                    tracksPresence: false))
        }
    }

    // MARK: JSON to bytes

    static func parsed(_ json: JSONValue, type: String, parser: ProtoJSONParser, at path: String)
        throws(ProtoDecodingError)
        -> [UInt8]?
    {
        guard type.hasPrefix("google.protobuf.") else { return nil }
        switch type {
        case "google.protobuf.Timestamp":
            guard case .string(let text) = json, let (seconds, nanos) = Timestamps.parse(text) else {
                throw ProtoDecodingError("\(path) must be an RFC 3339 timestamp such as \"2024-01-02T03:04:05Z\"")
            }
            return try parser.fields(
                ["seconds": .string(String(seconds)), "nanos": .int(Int(nanos))], type: type, at: path)
        case "google.protobuf.Duration":
            guard case .string(let text) = json, let (seconds, nanos) = Timestamps.parseDuration(text) else {
                throw ProtoDecodingError("\(path) must be a duration such as \"1.5s\"")
            }
            return try parser.fields(
                ["seconds": .string(String(seconds)), "nanos": .int(Int(nanos))], type: type, at: path)
        case "google.protobuf.Struct":
            guard case .object = json else { throw ProtoDecodingError("\(path) must be a JSON object (a Struct)") }
            return try parser.fields(["fields": json], type: type, at: path)
        case "google.protobuf.ListValue":
            guard case .array = json else { throw ProtoDecodingError("\(path) must be a JSON array (a ListValue)") }
            return try parser.fields(["values": json], type: type, at: path)
        case "google.protobuf.Value":
            return try parser.fields(.object(valueFields(json)), type: type, at: path)
        case "google.protobuf.FieldMask":
            guard case .string(let text) = json else {
                throw ProtoDecodingError("\(path) must be a string (a FieldMask)")
            }
            let paths = text.split(separator: ",").map { JSONValue.string(snakeCase(String($0))) }
            return try parser.fields(["paths": .array(paths)], type: type, at: path)
        case "google.protobuf.Any":
            guard case .object(var object) = json, let url = object["@type"]?.stringValue else {
                throw ProtoDecodingError("\(path) must be an object with \"@type\" (an Any)")
            }
            object["@type"] = nil
            let inner = hasOwnForm(anyTypeName(url)) ? (object["value"] ?? .null) : .object(object)
            let packed = try parser.bytes(inner, type: anyTypeName(url), at: path)
            return try parser.fields(
                ["typeUrl": .string(url), "value": .string(Data(packed).base64EncodedString())], type: type, at: path)
        default:
            guard wrappers[type] != nil else { return nil }
            return try parser.fields(["value": json], type: type, at: path)
        }
    }

    private static func valueFields(_ json: JSONValue) -> JSONObject {
        switch json {
        case .null: ["nullValue": .int(0)]
        case .bool: ["boolValue": json]
        case .number: ["numberValue": json]
        case .string: ["stringValue": json]
        case .array: ["listValue": json]
        case .object: ["structValue": json]
        }
    }

    private static func secondsAndNanos(_ bytes: [UInt8], printer: ProtoJSONPrinter, type: String)
        throws(ProtoDecodingError)
        -> (Int64, Int32)
    {
        let object = try printer.fields(bytes, type: type)
        let seconds = object["seconds"]?.stringValue.flatMap { Int64($0) } ?? 0
        let nanos = object["nanos"]?.numberValue?.intValue.map { Int32(truncatingIfNeeded: $0) } ?? 0
        return (seconds, nanos)
    }

    /// The message type an Any's URL names: what follows its last slash.
    static func anyTypeName(_ url: String) -> String {
        url.split(separator: "/").last.map(String.init) ?? url
    }

    /// Types printed under `value` inside an Any, rather than spread into it.
    private static func hasOwnForm(_ type: String) -> Bool {
        type.hasPrefix("google.protobuf.") && type != "google.protobuf.Empty" && type != "google.protobuf.Any"
            && message(type) != nil && !type.hasSuffix("Entry")
    }

    private static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
