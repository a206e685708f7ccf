import Foundation
import ProcessSupport
import RealWorldSupport
import Testing
import Understudy

/// gRPC stubs from Swift: the DSL builds the mappings WireMock's gRPC extension reads, and a
/// `StubServer` on a folder with descriptor sets answers a call that curl makes over h2c.
@Suite(.enabled(if: RealWorldGRPC.isUsable, "needs ../shared/realworld/grpc"))
struct GRPCStubTests {
    static let method = "com.example.grpc.GreetingService/greeting"
    static let descriptors = RealWorldGRPC.descriptors

    @Test func theDSLBuildsWireMocksMapping() throws {
        let pattern = try RequestPattern.grpc(Self.method).message(["name": "Tom"])
        #expect(pattern.method.description == "POST")
        #expect(pattern.url == .urlPath("/" + Self.method))
        #expect(pattern.bodyPatterns.count == 1)
        let reply = ResponseDefinition.grpcReply(["greeting": "Hi"])
        #expect(reply.headers.first { $0.name == "grpc-status-name" }?.values == ["OK"])
        let failed = ResponseDefinition.grpcStatus(.notFound, "no such greeting")
        #expect(failed.headers.map(\.name) == ["grpc-status-name", "grpc-status-reason"])
        let stream = ResponseDefinition.grpcReplies([.message(["greeting": "a"]), .message(["greeting": "b"])])
        #expect(stream.bodyChunks?.count == 2)
    }

    @Test(.enabled(if: ChildProcess.find("curl") != nil))
    func aStubMadeInSwiftAnswersACallOverTheSocket() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("grpc-dsl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("grpc"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(
            at: Self.descriptors.appendingPathComponent("greetings.dsc"),
            to: root.appendingPathComponent("grpc/greetings.dsc"))
        let server = try await StubServer.start(root: root)
        server.stub(try .grpc(Self.method).message(["name": "Tom"]), .grpcReply(["greeting": "Hi Tom"]))
        // HelloRequest{name: "Tom"} framed: flag 0, length 5, then field 1 as a string.
        let request = root.appendingPathComponent("request.bin")
        try Data([0, 0, 0, 0, 5, 0x0a, 3] + Array("Tom".utf8)).write(to: request)
        let reply = root.appendingPathComponent("reply.bin")
        let curl = try await ChildProcess.run(
            try #require(ChildProcess.find("curl")),
            [
                "-s", "--http2-prior-knowledge", "-H", "content-type: application/grpc", "-H", "te: trailers",
                "--data-binary", "@\(request.path)", "-o", reply.path,
                server.baseURL.absoluteString + "/" + Self.method
            ])
        #expect(curl.status == 0)
        // HelloResponse{greeting: "Hi Tom"}, framed.
        #expect(try Data(contentsOf: reply) == Data([0, 0, 0, 0, 8, 0x0a, 6] + Array("Hi Tom".utf8)))
        try server.verify(try .grpc(Self.method).message(["name": "Tom"]), .exactly(1))
        try await server.shutdown()
    }
}
