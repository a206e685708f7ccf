import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RealWorldSupport
import Testing
import Understudy
import UnderstudyGRPC
import UnderstudyGRPCTransport
import UnderstudyJSON

/// A grpc-swift 2 client making every kind of call: over the socket to a `StubServer`
/// (grpc-swift's own HTTP/2 transport), and in-process through `StubGRPCTransport`, by the same
/// code, with the same stubs.
@Suite(.enabled(if: RealWorldGRPC.isUsable, "needs ../shared/realworld/grpc"))
struct GRPCSwiftClientTests {
    enum Way: String, CaseIterable, Sendable {
        case socket, inProcess
    }

    static let descriptors = RealWorldGRPC.descriptors
    static let service = "com.example.grpc.GreetingService"
    static let request = "com.example.grpc.request.HelloRequest"
    static let response = "com.example.grpc.response.HelloResponse"

    @Test(arguments: Way.allCases)
    func everyKindOfCall(_ way: Way) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("grpc-swift-\(UUID().uuidString)")
        let grpc = root.appendingPathComponent("grpc")
        try FileManager.default.createDirectory(at: grpc, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(
            at: Self.descriptors.appendingPathComponent("greetings.dsc"),
            to: grpc.appendingPathComponent("greetings.dsc"))
        try Data(ChatDescriptor.bytes).write(to: grpc.appendingPathComponent("chat.desc"))
        let server = try await StubServer.start(root: root)
        let hello = ResponseDefinition.grpcReply(["greeting": "Hello {{jsonPath request.body '$.name'}}"]).templated()
        server.stub(.grpc("\(Self.service)/greeting"), hello)
        server.stub(
            try .grpc("\(Self.service)/manyGreetingsOneReply").message(["name": "Rob"]),
            .grpcReply(["greeting": "Hi Rob"]))
        server.stub(
            .grpc("\(Self.service)/oneGreetingManyReplies"),
            .grpcReplies([.message(["greeting": "one"]), .message(["greeting": "two"]).after(.milliseconds(10))]))
        server.stub(.grpc("understudy.test.Chat/Talk"), hello)
        server.stub(
            try .grpc("understudy.test.Chat/Talk").message(["name": "Mallory"]), .grpcStatus(.permissionDenied, "no"))
        switch way {
        case .socket:
            let transport = try HTTP2ClientTransport.Posix(
                target: .ipv4(address: "127.0.0.1", port: server.port), transportSecurity: .plaintext)
            try await callEveryKind(transport, schema: try GRPCDescriptorFolder.load(grpc))
        case .inProcess:
            try await callEveryKind(
                try StubGRPCTransport(server, descriptors: grpc), schema: try GRPCDescriptorFolder.load(grpc))
        }
        // The same journal either way: one entry per call, one per message of the chat.
        try server.verify(try .grpc("\(Self.service)/greeting").message(["name": "Tom"]), .exactly(1))
        try server.verify(.grpc("understudy.test.Chat/Talk"), .exactly(4))
        try await server.shutdown()
    }

    func callEveryKind(_ transport: some ClientTransport, schema: ProtoSchema) async throws {
        let serializer = JSONSerializer(schema: schema, type: Self.request)
        let deserializer = JSONDeserializer(schema: schema, type: Self.response)
        func method(_ name: String, in service: String = Self.service) -> MethodDescriptor {
            MethodDescriptor(service: ServiceDescriptor(fullyQualifiedService: service), method: name)
        }
        try await withGRPCClient(transport: transport) { client in
            let unary = try await client.unary(
                request: ClientRequest(message: ["name": "Tom"]), descriptor: method("greeting"),
                serializer: serializer,
                deserializer: deserializer, options: .defaults
            ) { try $0.message }
            #expect(unary["greeting"] == .string("Hello Tom"))

            let names: [JSONValue] = ["Tom", "Uri", "Rob", "Mark"].map { ["name": .string($0)] }
            let streamed = try await client.clientStreaming(
                request: StreamingClientRequest { writer in try await writer.write(contentsOf: names) },
                descriptor: method("manyGreetingsOneReply"), serializer: serializer, deserializer: deserializer,
                options: .defaults
            ) { try $0.message }
            #expect(streamed["greeting"] == .string("Hi Rob"))
            await #expect {
                try await client.clientStreaming(
                    request: StreamingClientRequest { writer in try await writer.write(["name": "Jeff"]) },
                    descriptor: method("manyGreetingsOneReply"), serializer: serializer, deserializer: deserializer,
                    options: .defaults
                ) { try $0.message }
            } throws: { error in
                (error as? RPCError)?.code == .unimplemented
                    && (error as? RPCError)?.message == "No matching stub mapping found for gRPC request"
            }

            let replies = try await client.serverStreaming(
                request: ClientRequest(message: ["name": "Tom"]), descriptor: method("oneGreetingManyReplies"),
                serializer: serializer, deserializer: deserializer, options: .defaults
            ) { response in
                var all: [JSONValue] = []
                for try await message in response.messages { all.append(message) }
                return all
            }
            #expect(replies.map { $0["greeting"] } == [.string("one"), .string("two")])

            let talk = method("Talk", in: "understudy.test.Chat")
            let answered = try await client.bidirectionalStreaming(
                request: StreamingClientRequest { writer in
                    for name in ["Ann", "Bob", "Cid"] { try await writer.write(["name": .string(name)]) }
                },
                descriptor: talk, serializer: serializer, deserializer: deserializer, options: .defaults
            ) { response in
                var all: [JSONValue] = []
                for try await message in response.messages { all.append(message) }
                return all
            }
            #expect(answered.map { $0["greeting"] } == ["Hello Ann", "Hello Bob", "Hello Cid"].map { .string($0) })
            await #expect {
                try await client.bidirectionalStreaming(
                    request: StreamingClientRequest { writer in try await writer.write(["name": "Mallory"]) },
                    descriptor: talk, serializer: serializer, deserializer: deserializer, options: .defaults
                ) { response in
                    for try await _ in response.messages {}
                }
            } throws: { error in
                (error as? RPCError)?.code == .permissionDenied && (error as? RPCError)?.message == "no"
            }
        }
    }
}
