// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Understudy",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "UnderstudyCore", targets: ["UnderstudyCore"]),
        .library(name: "UnderstudyServer", targets: ["UnderstudyServer"]),
        .library(name: "Understudy", targets: ["Understudy"]),
        .library(name: "UnderstudyTesting", targets: ["UnderstudyTesting"]),
        .executable(name: "understudy", targets: ["UnderstudyCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // The stub engine: model, WireMock JSON codec, matching, store, journal, near misses. Foundation only.
        .target(name: "UnderstudyCore"),
        // A SwiftNIO HTTP/1.1 server for a stub engine, with the WireMock admin API.
        .target(
            name: "UnderstudyServer",
            dependencies: [
                "UnderstudyCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // What a test author imports: StubServer, in-process stubs, the DSL, verification.
        .target(name: "Understudy", dependencies: ["UnderstudyCore", "UnderstudyServer"]),
        // Swift Testing traits and XCTest helpers.
        .target(name: "UnderstudyTesting", dependencies: ["Understudy"]),
        // The `understudy` command: serve, check.
        .executableTarget(
            name: "UnderstudyCLI",
            dependencies: [
                "UnderstudyCore", "UnderstudyServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Speed figures side by side with a baseline; run with `swift run -c release understudy-bench`.
        .executableTarget(
            name: "UnderstudyBenchmarks",
            dependencies: ["UnderstudyCore"],
            path: "Benchmarks/UnderstudyBenchmarks"),
        // libFuzzer targets: empty programs unless built by Scripts/fuzz.sh (-DFUZZING); see RELIABILITY.md.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "FuzzMappingDecoding", dependencies: ["UnderstudyCore", "FuzzSupport"], path: "Fuzz/MappingDecoding"),
        .executableTarget(name: "FuzzMatchers", dependencies: ["UnderstudyCore", "FuzzSupport"], path: "Fuzz/Matchers"),
        .executableTarget(
            name: "FuzzHTTPRequest",
            dependencies: [
                "UnderstudyServer", "FuzzSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Fuzz/HTTPRequest"),
        .testTarget(name: "UnderstudyCoreTests", dependencies: ["UnderstudyCore"]),
        .testTarget(
            name: "UnderstudyServerTests",
            dependencies: [
                "UnderstudyServer", "UnderstudyCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .testTarget(name: "UnderstudyCLITests", dependencies: ["UnderstudyCLI", "UnderstudyCore"]),
    ],
    swiftLanguageModes: [.v6]
)
