// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Understudy",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "UnderstudyCore", targets: ["UnderstudyCore"]),
    ],
    targets: [
        // The stub engine: model, WireMock JSON codec, matching, store, journal, near misses. Foundation only.
        .target(name: "UnderstudyCore"),
        .testTarget(name: "UnderstudyCoreTests", dependencies: ["UnderstudyCore"]),
    ],
    swiftLanguageModes: [.v6]
)
