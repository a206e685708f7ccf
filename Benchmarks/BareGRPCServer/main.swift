import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2

// The gRPC baseline for Scripts/bench-grpc.sh: a bare grpc-swift 2 server on grpc-swift's own
// HTTP/2 transport (NIO), answering the same calls Understudy's stubs answer in the benchmark:
//   com.example.grpc.GreetingService/greeting               one HelloResponse{greeting: "Hello"}
//   com.example.grpc.GreetingService/oneGreetingManyReplies  N of them (--messages, 1,000 by default)
// Messages are handled as bytes (no generated code): the reply is encoded once, as a server that
// answers from generated types would write it.
// Usage: BareGRPCServer [--port N] [--messages N]. The first line out is "http://127.0.0.1:PORT".

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count, let number = Int(arguments[flag + 1])
    else { return value }
    return number
}

struct Bytes: MessageSerializer, MessageDeserializer {
    func serialize<Output: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Output { Output(message) }
    func deserialize<Input: GRPCContiguousBytes>(_ serializedMessageBytes: Input) throws -> [UInt8] {
        serializedMessageBytes.withUnsafeBytes { [UInt8]($0) }
    }
}

/// HelloResponse{greeting: "Hello"}: field 1, a string of 5 bytes.
let hello: [UInt8] = [0x0a, 5] + Array("Hello".utf8)

struct Greeter: RegistrableRPCService {
    let messages: Int

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        let service = ServiceDescriptor(fullyQualifiedService: "com.example.grpc.GreetingService")
        router.registerHandler(
            forMethod: MethodDescriptor(service: service, method: "greeting"), deserializer: Bytes(),
            serializer: Bytes()
        ) { request, _ in
            for try await _ in request.messages {}
            return StreamingServerResponse(single: ServerResponse(message: hello))
        }
        let count = messages
        router.registerHandler(
            forMethod: MethodDescriptor(service: service, method: "oneGreetingManyReplies"), deserializer: Bytes(),
            serializer: Bytes()
        ) { request, _ in
            for try await _ in request.messages {}
            return StreamingServerResponse { writer in
                for _ in 0..<count { try await writer.write(hello) }
                return [:]
            }
        }
    }
}

let transport = HTTP2ServerTransport.Posix(
    address: .ipv4(host: "127.0.0.1", port: option("--port", default: 0)), transportSecurity: .plaintext)
let server = GRPCServer(transport: transport, services: [Greeter(messages: option("--messages", default: 1000))])
try await withThrowingDiscardingTaskGroup { group in
    group.addTask { try await server.serve() }
    let address = try await transport.listeningAddress
    FileHandle.standardOutput.write(Data("http://127.0.0.1:\(address.ipv4?.port ?? 0)\n".utf8))
}
