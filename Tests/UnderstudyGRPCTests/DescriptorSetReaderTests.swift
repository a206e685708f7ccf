import Foundation
import RealWorldSupport
import Testing
import UnderstudyGRPC

@Suite(.enabled(if: RealWorldGRPC.isUsable, "needs ../shared/realworld/grpc"))
struct DescriptorSetReaderTests {
    @Test func readsWireMocksGreetingAndBookingServices() throws {
        let schema = try RealWorldDescriptors.schema()
        let greeting = try #require(schema.method(path: "/com.example.grpc.GreetingService/greeting"))
        #expect(greeting.inputType == "com.example.grpc.request.HelloRequest")
        #expect(greeting.outputType == "com.example.grpc.response.HelloResponse")
        #expect(!greeting.clientStreaming && !greeting.serverStreaming)
        let many = try #require(schema.method(path: "com.example.grpc.GreetingService/manyGreetingsOneReply"))
        #expect(many.clientStreaming && !many.serverStreaming)
        let replies = try #require(schema.method(path: "/com.example.grpc.GreetingService/oneGreetingManyReplies"))
        #expect(!replies.clientStreaming && replies.serverStreaming)
        #expect(schema.method(path: "/com.example.grpc.BookingService/booking") != nil)
        #expect(schema.services.contains("com.example.grpc.AnotherGreetingService"))
    }

    @Test func readsFieldsMapsAndEnums() throws {
        let schema = try RealWorldDescriptors.schema()
        let hello = try schema.message("com.example.grpc.request.HelloRequest")
        #expect(hello.fields.map(\.jsonName) == ["name", "age", "hobbies", "bagOfTricks", "sentiment"])
        let tricks = try #require(hello.field(jsonKey: "bagOfTricks"))
        #expect(tricks.isRepeated)
        #expect(try schema.message(tricks.typeName ?? "").isMapEntry)
        #expect(schema.enums["com.example.grpc.request.models.Sentiment"]?.number(of: "ANGRY") == 2)
    }

    @Test func aFileThatIsNotADescriptorSetIsNamedInTheError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grpc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("syntax = \"proto3\";".utf8).write(to: folder.appendingPathComponent("nested/service.desc"))
        #expect {
            try GRPCDescriptorFolder.load(folder)
        } throws: { error in
            "\(error)".contains("nested/service.desc") && "\(error)".contains("--descriptor_set_out")
        }
    }

    @Test func aMissingFolderIsAnEmptySchema() throws {
        let schema = try GRPCDescriptorFolder.load(URL(fileURLWithPath: "/nonexistent/grpc"))
        #expect(schema.isEmpty)
    }
}
