import Foundation
import RealWorldSupport
import Testing
import UnderstudyGRPC
import UnderstudyJSON

/// The proto3 JSON mapping both ways, on the extension's own message types and on bytes written
/// by hand from protobuf's encoding guide (so the codec is not only checked against itself).
@Suite(.enabled(if: RealWorldGRPC.isUsable, "needs ../shared/realworld/grpc"))
struct ProtoJSONMappingTests {
    let schema: ProtoSchema
    init() throws { schema = try RealWorldDescriptors.schema() }

    @Test func bytesFromTheEncodingGuideReadAsJSON() throws {
        // name = "testing" (field 1), age = 150 (field 2), as the guide's first examples write them.
        let bytes: [UInt8] = [0x0a, 0x07] + Array("testing".utf8) + [0x10, 0x96, 0x01]
        let json = try ProtoJSONPrinter(schema: schema).json(bytes, type: "com.example.grpc.request.HelloRequest")
        #expect(json == (try JSONParser.parse(#"{"name":"testing","age":150}"#)))
    }

    @Test func defaultsAreLeftOutAndEnumsPrintByName() throws {
        let parser = ProtoJSONParser(schema: schema)
        let printer = ProtoJSONPrinter(schema: schema)
        let type = "com.example.grpc.request.HelloRequest"
        let empty = try parser.bytes(try JSONParser.parse(#"{"name":"","age":0,"sentiment":"HAPPY"}"#), type: type)
        #expect(empty.isEmpty)
        #expect(try printer.json(empty, type: type) == .object(JSONObject()))
        let angry = try parser.bytes(try JSONParser.parse(#"{"sentiment":2}"#), type: type)
        #expect(try printer.json(angry, type: type) == (try JSONParser.parse(#"{"sentiment":"ANGRY"}"#)))
    }

    @Test func aFullMessageGoesThereAndBack() throws {
        let type = "com.example.grpc.request.HelloRequest"
        let original = try JSONParser.parse(
            #"{"name":"Tom","age":42,"hobbies":["chess","climbing"],"bagOfTricks":{"a":"one","b":"two"},"sentiment":"SLEEPY"}"#
        )
        let bytes = try ProtoJSONParser(schema: schema).bytes(original, type: type)
        #expect(try ProtoJSONPrinter(schema: schema).json(bytes, type: type) == original)
        // Declared names are read as JSON names (protobuf's parser accepts both).
        let declared = try ProtoJSONParser(schema: schema).bytes(
            try JSONParser.parse(#"{"bagOfTricks":{"k":"v"}}"#), type: type)
        #expect(!declared.isEmpty)
    }

    @Test func aMisspeltFieldIsRefusedByName() throws {
        #expect {
            try ProtoJSONParser(schema: schema).bytes(
                try JSONParser.parse(#"{"greting":"hi"}"#), type: "com.example.grpc.response.HelloResponse")
        } throws: { error in
            "\(error)".contains("greting") && "\(error)".contains("HelloResponse")
        }
    }

    @Test func wellKnownTypesUseTheirOwnForms() throws {
        let parser = ProtoJSONParser(schema: schema)
        let printer = ProtoJSONPrinter(schema: schema)
        let cases: [(String, String)] = [
            ("google.protobuf.Timestamp", #""1972-01-01T10:00:20.021Z""#),
            ("google.protobuf.Timestamp", #""2024-02-29T23:59:59Z""#),
            ("google.protobuf.Duration", #""1.000340012s""#),
            ("google.protobuf.Duration", #""-3s""#),
            ("google.protobuf.StringValue", #""hello""#),
            ("google.protobuf.Int64Value", #""9007199254740993""#),
            ("google.protobuf.BoolValue", "true"),
            ("google.protobuf.Struct", #"{"a":[1,"two",null,{"b":false}]}"#),
            ("google.protobuf.Value", #"[1.5,"x"]"#),
            ("google.protobuf.FieldMask", #""user.displayName,photo""#),
            ("google.protobuf.Empty", "{}"),
            (
                "google.protobuf.Any",
                #"{"@type":"type.googleapis.com/com.example.grpc.response.HelloResponse","greeting":"hi"}"#
            ),
            ("google.protobuf.Any", #"{"@type":"type.googleapis.com/google.protobuf.Duration","value":"2s"}"#)
        ]
        for (type, text) in cases {
            let json = try JSONParser.parse(text)
            let bytes = try parser.bytes(json, type: type)
            #expect(try printer.json(bytes, type: type) == json, "\(type) \(text)")
        }
        // 1972-01-01T10:00:20.021Z is 63,108,020 s and 21,000,000 ns after the epoch.
        let timestamp = try parser.bytes(.string("1972-01-01T10:00:20.021Z"), type: "google.protobuf.Timestamp")
        #expect(timestamp == [0x08, 0xb4, 0xe7, 0x8b, 0x1e, 0x10, 0xc0, 0xde, 0x81, 0x0a])
    }

    @Test func truncatedBytesAreAClearError() throws {
        #expect(throws: ProtoDecodingError.self) {
            try ProtoJSONPrinter(schema: schema).json([0x0a, 0x07, 0x74], type: "com.example.grpc.request.HelloRequest")
        }
    }

    @Test func framesSplitAnywhereAreReassembled() throws {
        let message: [UInt8] = Array("abcdefgh".utf8)
        let wire = GRPCMessageFramer.frame(message) + GRPCMessageFramer.frame([])
        var framer = GRPCMessageFramer()
        var read: [[UInt8]] = []
        for byte in wire {
            framer.append([byte])
            while let next = try framer.next() { read.append(next) }
        }
        #expect(read == [message, []])
        #expect(!framer.hasPartialMessage)
    }
}
