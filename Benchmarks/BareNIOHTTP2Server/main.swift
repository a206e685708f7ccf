import Foundation
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

// The HTTP/2 and TLS baseline for Scripts/bench-server.sh: a bare SwiftNIO hello-world on loopback,
// on the same event-loop group and socket options as StubHTTPServer, with two listeners:
//   h2c by prior knowledge (NIO's HTTP/2 handler, each stream through NIO's HTTP/2-to-HTTP/1 codec);
//   TLS (NIOSSL, TLS 1.2 and 1.3) with ALPN h2 (as above) or http/1.1 (NIO's HTTP/1.1 pipeline).
// Usage: BareNIOHTTP2Server --cert PEM --key PEM [--h2c-port N] [--tls-port N]
// Ports default to 0 (a free one). The first line out is "http://127.0.0.1:H2C https://127.0.0.1:TLS".

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count else { return nil }
    return arguments[flag + 1]
}

func port(_ name: String) -> Int? {
    guard let text = option(name) else { return 0 }
    guard let port = Int(text), (0...65_535).contains(port) else { return nil }
    return port
}

guard let certificateFile = option("--cert"), let keyFile = option("--key"), let h2cPort = port("--h2c-port"),
    let tlsPort = port("--tls-port")
else {
    FileHandle.standardError.write(
        Data("usage: BareNIOHTTP2Server --cert PEM --key PEM [--h2c-port N] [--tls-port N]\n".utf8))
    exit(64)
}

var tlsConfiguration = TLSConfiguration.makeServerConfiguration(
    certificateChain: try NIOSSLCertificate.fromPEMFile(certificateFile).map { .certificate($0) },
    privateKey: .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem)))
tlsConfiguration.minimumTLSVersion = .tlsv12
tlsConfiguration.applicationProtocols = ["h2", "http/1.1"]
let sslContext = try NIOSSLContext(configuration: tlsConfiguration)

func bootstrap() -> ServerBootstrap {
    ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
        .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
}

let h2c = try await bootstrap()
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try HelloPipeline.addHTTP2(to: channel) }
    }
    .bind(host: "127.0.0.1", port: h2cPort).get()

let tls = try await bootstrap()
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext))
        }.flatMap {
            channel.configureHTTP2SecureUpgrade(
                h2ChannelConfigurator: { channel in
                    channel.eventLoop.makeCompletedFuture { try HelloPipeline.addHTTP2(to: channel) }
                },
                http1ChannelConfigurator: { channel in
                    channel.eventLoop.makeCompletedFuture { try HelloPipeline.addHTTP1(to: channel) }
                })
        }
    }
    .bind(host: "127.0.0.1", port: tlsPort).get()

// Unbuffered, so a script reading the pipe sees it at once.
let urls =
    "http://127.0.0.1:\(h2c.localAddress?.port ?? h2cPort) https://127.0.0.1:\(tls.localAddress?.port ?? tlsPort)"
FileHandle.standardOutput.write(Data((urls + "\n").utf8))
try await h2c.closeFuture.get()
try await tls.closeFuture.get()
