// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Understudy",
    platforms: [.macOS(.v15), .iOS(.v18)],
    // What a user chooses from: the test API, and each opt-in feature with its heavy dependency.
    // The engine room (JSON, XML, Templating, Core, Admin, Server) is ours, reached through these.
    products: [
        .library(name: "Understudy", targets: ["Understudy"]),
        .library(name: "UnderstudyTesting", targets: ["UnderstudyTesting"]),
        .library(name: "UnderstudyRecording", targets: ["UnderstudyRecording"]),
        .library(name: "UnderstudyTLS", targets: ["UnderstudyTLS"]),
        .library(name: "UnderstudyJWT", targets: ["UnderstudyJWT"]),
        .library(name: "UnderstudyOpenAPI", targets: ["UnderstudyOpenAPI"]),
        .library(name: "UnderstudyOpenAPITransport", targets: ["UnderstudyOpenAPITransport"]),
        .library(name: "UnderstudyGRPCTransport", targets: ["UnderstudyGRPCTransport"]),
        .library(name: "UnderstudyFleet", targets: ["UnderstudyFleet"]),
        .library(name: "UnderstudyGraphQL", targets: ["UnderstudyGraphQL"]),
        .executable(name: "understudy", targets: ["UnderstudyCLI"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        // The external-loading trait is off: sibling-file `$ref`s are resolved before decoding.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // gRPC's core for the in-process grpc-swift transport; its NIO transport only in the tests.
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
        // A fleet of servers on PostgreSQL (UnderstudyFleet): pooled connections, LISTEN/NOTIFY.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", from: "4.3.0"),
        // Only the StatusPoster example's tests use it, to run its generated client over URLSession.
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        // `swift package generate-documentation` for the DocC catalogs (Scripts/docs.sh); a plugin only.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        // JSONValue and its parser and writer, JSONPath, JSON Schema, JSON equality. Foundation only.
        .target(name: "UnderstudyJSON"),
        // XML equality and XPath: the only module that imports FoundationXML (and so libxml2).
        .target(name: "UnderstudyXML"),
        // A Handlebars engine with WireMock's helpers, and Java-style date patterns; knows nothing of stubs.
        .target(name: "UnderstudyTemplating", dependencies: ["UnderstudyJSON", "UnderstudyXML"]),
        // The stub engine: model, WireMock JSON codec, matching, store, journal, near misses.
        .target(name: "UnderstudyCore", dependencies: ["UnderstudyJSON", "UnderstudyXML", "UnderstudyTemplating"]),
        // The WireMock admin API and HAR export over a stub engine: requests in, responses out; no NIO.
        .target(name: "UnderstudyAdmin", dependencies: ["UnderstudyCore", "UnderstudyJSON"]),
        // gRPC without NIO: descriptor sets, protobuf's binary and JSON forms, calls as requests.
        .target(name: "UnderstudyGRPC", dependencies: ["UnderstudyCore", "UnderstudyJSON", "UnderstudyTemplating"]),
        // A SwiftNIO HTTP/1.1, HTTP/2 and WebSocket server for a stub engine, serving the admin API.
        .target(
            name: "UnderstudyServer",
            dependencies: [
                "UnderstudyGRPC",
                "UnderstudyCore", "UnderstudyJSON", "UnderstudyAdmin",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "Logging", package: "swift-log")
            ],
            // The dashboard's HTML, CSS and JS: compiled in as DashboardAssets+Files.swift (see DashboardAssets).
            exclude: ["Dashboard/Page"]),
        // What a test author imports: StubServer, in-process stubs, the DSL, verification.
        .target(
            name: "Understudy",
            dependencies: ["UnderstudyCore", "UnderstudyJSON", "UnderstudyServer", "UnderstudyGRPC"]),
        // Swift Testing traits and XCTest helpers.
        .target(name: "UnderstudyTesting", dependencies: ["Understudy"]),
        // Everything that sends HTTP out or writes recordings: proxying with AsyncHTTPClient (behind
        // the server's forwarder seam), recording (behind its admin recording seam), redaction and
        // HAR import; kept out of `Understudy` so a test target that only replays never compiles it.
        .target(
            name: "UnderstudyRecording",
            dependencies: [
                "UnderstudyCore", "UnderstudyJSON", "UnderstudyAdmin", "UnderstudyServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // NIO's blocking pool, where proxy target rules resolve host names.
                .product(name: "NIOPosix", package: "swift-nio"),
                // AsyncHTTPClient's TLS configuration, for private upstream CAs (already compiled for it).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log")
            ]),
        // HTTPS for the server (generated or user certificates, mutual TLS) and trust helpers for
        // its clients; a product of its own, so only the targets that want TLS compile BoringSSL.
        .target(
            name: "UnderstudyTLS",
            dependencies: [
                "UnderstudyServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "AsyncHTTPClient", package: "async-http-client")
            ]),
        // RS256 signing for the `jwt` template helper (HS256 needs none); a product of its own, so
        // only the targets that want RSA compile BoringSSL.
        .target(
            name: "UnderstudyJWT",
            dependencies: [
                "UnderstudyTemplating",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto")
            ]),
        // Mock from an OpenAPI spec, request and response validation, drift checks: OpenAPIKit checks
        // a spec's structure, Yams reads YAML, and UnderstudyJSON's JSON Schema checks bodies.
        .target(
            name: "UnderstudyOpenAPI",
            dependencies: [
                "UnderstudyCore", "UnderstudyJSON",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams")
            ]),
        // A swift-openapi-runtime ClientTransport into a host's engine, for generated clients: no
        // URLSession, no socket. A product of its own, so only targets that want it compile the runtime.
        // A grpc-swift 2 ClientTransport into any StubEngineHost: gRPC calls answered in-process.
        .target(
            name: "UnderstudyGRPCTransport",
            dependencies: [
                "UnderstudyGRPC", "UnderstudyCore",
                .product(name: "GRPCCore", package: "grpc-swift-2")
            ]),
        .target(
            name: "UnderstudyOpenAPITransport",
            dependencies: [
                "UnderstudyCore",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types")
            ]),
        // Several servers as one stub server through PostgreSQL: admin changes replayed on every
        // node, scenario steps compared and set in the database, one journal. A product of its own,
        // so only the command and targets that want a fleet compile postgres-nio.
        .target(
            name: "UnderstudyFleet",
            dependencies: [
                "UnderstudyCore", "UnderstudyJSON", "UnderstudyAdmin", "UnderstudyServer", "Understudy",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log")
            ]),
        // Mocks and validation from a GraphQL schema: GraphQLSwift parses and validates operations
        // against it. A product of its own, so only targets that want a schema compile it.
        .target(
            name: "UnderstudyGraphQL",
            dependencies: [
                "UnderstudyCore", "UnderstudyJSON",
                .product(name: "GraphQL", package: "GraphQL")
            ]),
        // The `understudy` command: serve, check, record, import-har, export-har.
        .executableTarget(
            name: "UnderstudyCLI",
            dependencies: [
                "UnderstudyCore", "UnderstudyJSON", "UnderstudyTemplating", "UnderstudyAdmin", "UnderstudyServer",
                "UnderstudyRecording", "UnderstudyTLS", "UnderstudyJWT", "UnderstudyOpenAPI", "UnderstudyFleet",
                "UnderstudyGraphQL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log")
            ]),
        // Speed figures side by side with a baseline; run with `swift run -c release understudy-bench`.
        .executableTarget(
            name: "UnderstudyBenchmarks",
            dependencies: [
                "UnderstudyCore", "UnderstudyJSON", "UnderstudyTemplating", "Understudy", "UnderstudyOpenAPI",
                "UnderstudyGraphQL",
                .product(name: "Yams", package: "Yams")
            ],
            path: "Benchmarks/UnderstudyBenchmarks"),
        // The baseline for Scripts/bench-server.sh: the simplest SwiftNIO HTTP/1.1 hello-world.
        .executableTarget(
            name: "BareNIOServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            path: "Benchmarks/BareNIOServer"),
        // Its HTTP/2 and TLS counterpart: h2c by prior knowledge, and TLS with ALPN h2 or http/1.1.
        .executableTarget(
            name: "BareNIOHTTP2Server",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ],
            path: "Benchmarks/BareNIOHTTP2Server"),
        // The forward proxy's load generator (Scripts/bench-proxy.sh): AsyncHTTPClient through a proxy.
        .executableTarget(
            name: "ForwardProxyBench",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ],
            path: "Benchmarks/ForwardProxyBench"),
        // WebSocket echo messages per second: understudy beside a bare NIOWebSocket echo server.
        .executableTarget(
            name: "WebSocketEchoBench",
            dependencies: [
                "UnderstudyCore", "UnderstudyServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio")
            ],
            path: "Benchmarks/WebSocketEchoBench"),
        // The gRPC baseline: a bare grpc-swift 2 server answering the benchmark's calls (Scripts/bench-grpc.sh).
        .executableTarget(
            name: "BareGRPCServer",
            dependencies: [
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport")
            ],
            path: "Benchmarks/BareGRPCServer"),
        // Server-sent event streams at scale (10,000 held, 1,000 ticking) beside a bare SwiftNIO SSE server.
        .executableTarget(
            name: "SSEStreamsBench",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            path: "Benchmarks/SSEStreamsBench"),
        // libFuzzer targets: empty programs unless built by Scripts/fuzz.sh (-DFUZZING); see RELIABILITY.md.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(
            name: "FuzzMappingDecoding", dependencies: ["UnderstudyCore", "UnderstudyJSON", "FuzzSupport"],
            path: "Fuzz/MappingDecoding"),
        .executableTarget(
            name: "FuzzMatchers", dependencies: ["UnderstudyCore", "UnderstudyJSON", "FuzzSupport"],
            path: "Fuzz/Matchers"),
        .executableTarget(
            name: "FuzzTemplates",
            dependencies: ["UnderstudyCore", "UnderstudyJSON", "UnderstudyTemplating", "FuzzSupport"],
            path: "Fuzz/Templates"),
        .executableTarget(
            name: "FuzzHTTPRequest",
            dependencies: [
                "UnderstudyServer", "UnderstudyCore", "FuzzSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ],
            path: "Fuzz/HTTPRequest"),
        .executableTarget(
            name: "FuzzHTTP2Frames",
            dependencies: [
                "UnderstudyServer", "UnderstudyCore", "FuzzSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio")
            ],
            path: "Fuzz/HTTP2Frames"),
        // Starts the programs the tests run (curl, openssl, java, `understudy`) without Foundation's
        // `Process`, whose Linux `run()` crashes now and then (see ChildProcess.swift).
        .target(name: "CSpawnShim", path: "Tests/Support/CSpawnShim"),
        .target(name: "ProcessSupport", dependencies: ["CSpawnShim"], path: "Tests/Support/ProcessSupport"),
        // A port held refused, and a probe for a listener, so a test that sends to a stopped
        // server's port never reaches a server a parallel test started there since.
        .target(name: "SocketSupport", path: "Tests/Support/SocketSupport"),
        // One seeded generator for every test target's random corpora.
        .target(name: "RandomSupport", path: "Tests/Support/RandomSupport"),
        // Where the shared real-world gRPC data is, for the test targets that read it in place.
        .target(name: "RealWorldSupport", path: "Tests/Support/RealWorldSupport"),
        .testTarget(name: "UnderstudyJSONTests", dependencies: ["UnderstudyJSON", "RandomSupport"]),
        .testTarget(name: "UnderstudyXMLTests", dependencies: ["UnderstudyXML"]),
        .testTarget(name: "UnderstudyTemplatingTests", dependencies: ["UnderstudyTemplating", "RandomSupport"]),
        .testTarget(
            name: "UnderstudyJWTTests",
            dependencies: [
                "UnderstudyJWT", "UnderstudyTemplating", "UnderstudyJSON",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto")
            ]),
        .testTarget(
            name: "UnderstudyCoreTests",
            dependencies: ["UnderstudyCore", "UnderstudyJSON", "UnderstudyXML", "UnderstudyTemplating", "RandomSupport"]
        ),
        // The admin API as values: requests in, responses out; no server, no NIO.
        .testTarget(
            name: "UnderstudyAdminTests", dependencies: ["UnderstudyAdmin", "UnderstudyCore", "UnderstudyJSON"]),
        .testTarget(
            name: "UnderstudyGRPCTests",
            dependencies: ["UnderstudyGRPC", "UnderstudyCore", "UnderstudyJSON", "RealWorldSupport"]),
        // grpc-swift 2 clients against a host, over the socket and in-process, by the same test.
        .testTarget(
            name: "UnderstudyGRPCTransportTests",
            dependencies: [
                "UnderstudyGRPCTransport", "Understudy", "UnderstudyGRPC", "UnderstudyJSON", "RealWorldSupport",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport")
            ]),
        .testTarget(
            name: "UnderstudyServerTests",
            dependencies: [
                "UnderstudyServer", "UnderstudyAdmin", "UnderstudyGRPC", "RealWorldSupport", "UnderstudyCore",
                "UnderstudyJSON",
                "SocketSupport",
                "RandomSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // A frame-level HTTP/2 client, to see resets and GOAWAY.
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2")
            ]),
        .testTarget(
            name: "UnderstudyOpenAPITests",
            dependencies: [
                "UnderstudyOpenAPI", "UnderstudyCore", "UnderstudyJSON", "UnderstudyAdmin", "UnderstudyServer",
                // The Swift API with a contract: hosts, strict mode and the traits.
                "Understudy", "UnderstudyTesting", "RandomSupport"
            ]),
        // Fleet nodes on one real PostgreSQL (UNDERSTUDY_FLEET_DATABASE), each a real server.
        .testTarget(
            name: "UnderstudyGraphQLTests",
            dependencies: [
                "UnderstudyGraphQL", "UnderstudyCore", "UnderstudyJSON", "UnderstudyServer", "RealWorldSupport",
                // The schema on the test API's hosts, both transports.
                "Understudy"
            ]),
        .testTarget(
            name: "UnderstudyFleetTests",
            dependencies: [
                "UnderstudyFleet", "UnderstudyServer", "UnderstudyAdmin", "UnderstudyCore", "UnderstudyJSON",
                "Understudy",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log")
            ]),
        .testTarget(
            name: "UnderstudyCLITests",
            dependencies: ["UnderstudyCLI", "UnderstudyAdmin", "UnderstudyCore", "ProcessSupport"]),
        .testTarget(
            name: "UnderstudyTests",
            dependencies: [
                "Understudy", "UnderstudyCore", "UnderstudyJSON", "ProcessSupport", "SocketSupport", "RealWorldSupport",
                // A small WebSocket client for the message-stub tests (URLSession has none on Linux).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio")
            ]),
        .testTarget(name: "UnderstudyTestingTests", dependencies: ["UnderstudyTesting"]),
        .testTarget(
            name: "UnderstudyOpenAPITransportTests",
            dependencies: [
                "UnderstudyOpenAPITransport", "Understudy", "UnderstudyTesting", "UnderstudyOpenAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types")
            ]),
        .testTarget(
            name: "UnderstudyTLSTests",
            dependencies: [
                "UnderstudyTLS", "Understudy", "UnderstudyServer", "UnderstudyCore", "UnderstudyTesting",
                "ProcessSupport", "RandomSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client")
            ]),
        // The worked example: a status-posting client and its tests against Examples/StatusPoster/Stubs.
        .target(name: "StatusPoster", path: "Examples/StatusPoster/Sources"),
        .testTarget(
            name: "StatusPosterTests", dependencies: ["StatusPoster", "UnderstudyTesting"],
            path: "Examples/StatusPoster/Tests"),
        // The example's client generated from its openapi.yaml (Scripts/generate-openapi-client.sh
        // wrote it; no build runs the generator), kept apart so StatusPoster stays Foundation-only.
        .target(
            name: "StatusPosterAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types")
            ],
            path: "Examples/StatusPoster/API/Sources"),
        // Its tests over the three transports: the engine transport, URLSession to a StubServer,
        // and URLSession in-process.
        .testTarget(
            name: "StatusPosterAPITests",
            dependencies: [
                "StatusPosterAPI", "UnderstudyOpenAPITransport", "UnderstudyTesting", "UnderstudyOpenAPI",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession")
            ],
            path: "Examples/StatusPoster/APITests"),
        // The streaming example: a chat client that streams an answer over server-sent events, and
        // a WebSocket notifications feed; Foundation only, like StatusPoster.
        .target(name: "ChatClient", path: "Examples/Chat/Sources"),
        .testTarget(
            name: "ChatClientTests",
            dependencies: [
                "ChatClient", "UnderstudyTesting",
                // A WebSocket for the notifications feed on Linux, where URLSessionWebSocketTask fails.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio")
            ],
            path: "Examples/Chat/Tests"),
        // Every code listing of the DocC articles (Sources/*/*.docc), run as tests so none goes stale.
        .testTarget(
            name: "DocumentationSnippetTests",
            dependencies: [
                "Understudy", "UnderstudyCore", "UnderstudyTesting", "UnderstudyRecording", "UnderstudyTLS",
                "UnderstudyOpenAPI", "UnderstudyOpenAPITransport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types")
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "UnderstudyRecordingTests",
            dependencies: [
                "UnderstudyRecording", "UnderstudyAdmin", "UnderstudyServer", "UnderstudyCore", "UnderstudyJSON",
                "Understudy", "ProcessSupport", "SocketSupport",
                // An HTTPS (h2) upstream with a CA of its own, for proxying to private upstreams.
                "UnderstudyTLS",
                // For an upstream that sends its body in steps the test controls, and a raw client.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // A client that goes through the forward proxy (absolute form and CONNECT).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ])
    ],
    swiftLanguageModes: [.v6]
)
