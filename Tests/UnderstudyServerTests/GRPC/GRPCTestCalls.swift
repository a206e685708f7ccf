import Foundation
import NIOCore
import NIOHPACK
import RealWorldSupport
import UnderstudyCore
import UnderstudyGRPC
import UnderstudyJSON

@testable import UnderstudyServer

/// gRPC calls over ``HTTP2TestClient``: messages written from JSON with the real descriptor
/// sets, replies read back as JSON, and the status from the trailers (or a trailers-only answer).
struct GRPCTestResult {
    var status: Int?
    var message: String?
    var replies: [JSONValue]
    var trailers: HPACKHeaders

    var statusName: String? { status.flatMap { GRPCStatus(rawValue: $0)?.name } }
    /// As grpc-java's `StatusRuntimeException` prints it: `CODE: description`.
    var described: String { "\(statusName ?? "?"): \(message ?? "")" }
}

enum GRPCTestCalls {
    static let descriptors = RealWorldGRPC.descriptors

    static let greeting = "/com.example.grpc.GreetingService/greeting"
    static let many = "/com.example.grpc.GreetingService/manyGreetingsOneReply"
    static let replies = "/com.example.grpc.GreetingService/oneGreetingManyReplies"

    static var configuration: StubServerConfiguration {
        var configuration = quietConfiguration
        configuration.grpcDescriptors = descriptors
        return configuration
    }

    /// Calls `path` with these request messages (JSON), as one stream.
    static func call(
        _ client: HTTP2TestClient, _ path: String, _ messages: [String], metadata: [(String, String)] = [],
        schema: ProtoSchema? = nil
    ) async throws -> GRPCTestResult {
        let schema = try schema ?? GRPCDescriptorFolder.load(descriptors)
        let method = try unwrap(schema.method(path: path), "no method \(path)")
        var body = ByteBuffer()
        for message in messages {
            let bytes = try ProtoJSONParser(schema: schema).bytes(try JSONParser.parse(message), type: method.inputType)
            body.writeBytes(GRPCMessageFramer.frame(bytes))
        }
        let exchange = try await client.send(
            "POST", path, headers: [("content-type", "application/grpc"), ("te", "trailers")] + metadata, bytes: body)
        var framer = GRPCMessageFramer()
        framer.append(exchange.body.readableBytesView)
        var replies: [JSONValue] = []
        while let reply = try framer.next() {
            replies.append(try ProtoJSONPrinter(schema: schema).json(reply, type: method.outputType))
        }
        let trailers = exchange.trailers ?? exchange.headers ?? [:]
        return GRPCTestResult(
            status: trailers.first(name: "grpc-status").flatMap { Int($0) },
            message: trailers.first(name: "grpc-message")?.removingPercentEncoding, replies: replies,
            trailers: trailers)
    }
}

private func unwrap<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw GRPCCallError(.internalError, what) }
    return value
}
