import Foundation

/// The public Star Wars schema in `../shared/realworld/graphql/swapi` (sources and licences in
/// its SOURCES.md), read in place. Suites that need it are skipped on a clone without the
/// shared data, unless UNDERSTUDY_REQUIRE_REALWORLD=1 (CI) makes them run and fail without it.
public enum RealWorldGraphQL {
    /// `…/shared/realworld/graphql/swapi/schema.graphql`.
    public static let swapiSchema = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/realworld/graphql/swapi/schema.graphql")

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: swapiSchema.path) }
    /// The condition for a suite that reads it.
    public static var isUsable: Bool { isAvailable || RealWorldGRPC.isRequired }
}
