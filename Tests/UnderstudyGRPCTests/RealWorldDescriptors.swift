import Foundation
import UnderstudyGRPC

/// WireMock's gRPC extension's own descriptor sets, in `../shared/realworld/grpc/` (sources and
/// licences in its SOURCES.md).
enum RealWorldDescriptors {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/realworld/grpc/wiremock-grpc-extension")

    static var grpcFolder: URL { root.appendingPathComponent("grpc") }
    /// The shared data is beside the repository here and in CI; a clone elsewhere skips these
    /// suites, unless UNDERSTUDY_REQUIRE_REALWORLD=1 (CI) makes them run and fail without it.
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: grpcFolder.path) }
    static var isRequired: Bool { ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_REALWORLD"] == "1" }

    static func schema() throws -> ProtoSchema { try GRPCDescriptorFolder.load(grpcFolder) }
}
