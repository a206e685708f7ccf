import GRPCCore
import UnderstudyGRPC
import UnderstudyJSON

/// grpc-swift 2 serializers for messages held as JSON, with the descriptor sets: the client side
/// of the tests needs no generated code.
struct JSONSerializer: MessageSerializer {
    let schema: ProtoSchema
    let type: String

    func serialize<Bytes: GRPCContiguousBytes>(_ message: JSONValue) throws -> Bytes {
        Bytes(try ProtoJSONParser(schema: schema).bytes(message, type: type))
    }
}

struct JSONDeserializer: MessageDeserializer {
    let schema: ProtoSchema
    let type: String

    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> JSONValue {
        let bytes = serializedMessageBytes.withUnsafeBytes { [UInt8]($0) }
        return try ProtoJSONPrinter(schema: schema).json(bytes, type: type)
    }
}

/// A descriptor set declaring `understudy.test.Chat/Talk`, a bidirectional method over the
/// extension's HelloRequest and HelloResponse (its own sets have no bidirectional method).
enum ChatDescriptor {
    static var bytes: [UInt8] {
        func string(_ field: Int, _ text: String, into writer: inout ProtoWireWriter) {
            writer.tag(field, .lengthDelimited)
            writer.lengthDelimited(Array(text.utf8))
        }
        var method = ProtoWireWriter()
        string(1, "Talk", into: &method)
        string(2, ".com.example.grpc.request.HelloRequest", into: &method)
        string(3, ".com.example.grpc.response.HelloResponse", into: &method)
        for streaming in [5, 6] {
            method.tag(streaming, .varint)
            method.varint(1)
        }
        var service = ProtoWireWriter()
        string(1, "Chat", into: &service)
        service.tag(2, .lengthDelimited)
        service.lengthDelimited(method.bytes)
        var file = ProtoWireWriter()
        string(1, "chat.proto", into: &file)
        string(2, "understudy.test", into: &file)
        file.tag(6, .lengthDelimited)
        file.lengthDelimited(service.bytes)
        string(12, "proto3", into: &file)
        var set = ProtoWireWriter()
        set.tag(1, .lengthDelimited)
        set.lengthDelimited(file.bytes)
        return set.bytes
    }
}
