import Foundation

/// WireMock's gRPC extension's descriptor sets and `.proto` files in `../shared/realworld/grpc`
/// (sources and licences in its SOURCES.md), read in place by every test target that needs them.
/// A clone without the shared data skips those suites, unless UNDERSTUDY_REQUIRE_REALWORLD=1
/// (CI) makes them run and fail without it.
public enum RealWorldGRPC {
    /// `…/wiremock-grpc-extension`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/realworld/grpc/wiremock-grpc-extension")

    /// The folder of descriptor sets (`greetings.dsc`, `bookings.dsc`), a root's `grpc/`.
    public static var descriptors: URL { root.appendingPathComponent("grpc") }

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: descriptors.path) }
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_REALWORLD"] == "1" }
    /// The condition for a suite that reads them.
    public static var isUsable: Bool { isAvailable || isRequired }
}
