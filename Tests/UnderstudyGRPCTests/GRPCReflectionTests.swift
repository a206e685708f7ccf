import RealWorldSupport
import Testing
import UnderstudyGRPC

/// Server reflection's answers, read back field by field (grpcio-reflection's client checks the
/// same over a socket in Scripts/grpc-clients.sh).
@Suite(.enabled(if: RealWorldGRPC.isUsable, "needs ../shared/realworld/grpc"))
struct GRPCReflectionTests {
    let schema: ProtoSchema
    init() throws { schema = try RealWorldDescriptors.schema() }

    /// A ServerReflectionRequest with one string query field.
    func request(_ field: Int, _ text: String) -> [UInt8] {
        var writer = ProtoWireWriter()
        writer.tag(field, .lengthDelimited)
        writer.lengthDelimited(Array(text.utf8))
        return writer.bytes
    }

    /// The response's `field` (a nested message), and inside it every `inner` length-delimited value.
    func values(_ response: [UInt8], _ field: Int, _ inner: Int) throws -> [[UInt8]] {
        var reader = ProtoWireReader(response)
        var found: [[UInt8]] = []
        while let (number, wireType) = try reader.nextTag() {
            guard number == field else {
                try reader.skip(wireType, number: number)
                continue
            }
            var nested = ProtoWireReader(try reader.lengthDelimited())
            while let (n, w) = try nested.nextTag() {
                if n == inner, w == .lengthDelimited {
                    found.append(try nested.lengthDelimited())
                } else {
                    try nested.skip(w, number: n)
                }
            }
        }
        return found
    }

    @Test func listsEveryServiceAndItself() throws {
        let response = try GRPCReflection.respond(to: request(7, "*"), schema: schema)
        let names = try values(response, 6, 1).map { service in
            var reader = ProtoWireReader(service)
            _ = try reader.nextTag()
            return String(decoding: try reader.lengthDelimited(), as: UTF8.self)
        }
        #expect(
            Set(names) == [
                "com.example.grpc.GreetingService", "com.example.grpc.AnotherGreetingService",
                "com.example.grpc.BookingService", "grpc.reflection.v1.ServerReflection"
            ])
    }

    @Test func aSymbolsFileComesWithTheFilesItImports() throws {
        let response = try GRPCReflection.respond(
            to: request(4, "com.example.grpc.GreetingService.greeting"), schema: schema)
        let files = try values(response, 4, 1)
        var read = ProtoSchema()
        var set = ProtoWireWriter()
        for file in files {
            set.tag(1, .lengthDelimited)
            set.lengthDelimited(file)
        }
        try DescriptorSetReader.read(set.bytes, into: &read)
        #expect(read.method(path: "/com.example.grpc.GreetingService/greeting") != nil)
        #expect(read.messages["com.example.grpc.request.HelloRequest"] != nil)
        #expect(read.enums["com.example.grpc.request.models.Sentiment"] != nil)
        #expect(read.messages["google.protobuf.Any"] != nil)
    }

    @Test func anUnknownSymbolIsAnErrorResponse() throws {
        let response = try GRPCReflection.respond(to: request(4, "no.such.Thing"), schema: schema)
        let message = try values(response, 7, 2).first.map { String(decoding: $0, as: UTF8.self) }
        #expect(message?.contains("no.such.Thing") == true)
    }
}
