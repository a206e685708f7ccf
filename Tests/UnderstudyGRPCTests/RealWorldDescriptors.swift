import Foundation
import UnderstudyGRPC

/// WireMock's gRPC extension's own descriptor sets, in `../shared/realworld/grpc/` (sources and
/// licences in its SOURCES.md).
enum RealWorldDescriptors {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/realworld/grpc/wiremock-grpc-extension")

    static var grpcFolder: URL { root.appendingPathComponent("grpc") }

    static func schema() throws -> ProtoSchema { try GRPCDescriptorFolder.load(grpcFolder) }
}
