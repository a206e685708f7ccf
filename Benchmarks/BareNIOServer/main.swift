import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

// The baseline for Scripts/bench-server.sh: a bare SwiftNIO HTTP/1.1 hello-world on loopback,
// on the same event-loop group and socket options as StubHTTPServer.
// Usage: BareNIOServer [--port N]   (0, the default, picks a free port; the URL is the first line out)

func requestedPort() -> Int? {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--port") else { return 0 }
    guard flag + 1 < arguments.count, let port = Int(arguments[flag + 1]), (0...65_535).contains(port) else {
        return nil
    }
    return port
}

guard let port = requestedPort() else {
    FileHandle.standardError.write(Data("usage: BareNIOServer [--port N]\n".utf8))
    exit(64)
}

let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
            try channel.pipeline.syncOperations.addHandler(HelloHandler())
        }
    }
    .bind(host: "127.0.0.1", port: port).get()

// Unbuffered, so a script reading the pipe sees it at once.
FileHandle.standardOutput.write(Data("http://127.0.0.1:\(channel.localAddress?.port ?? port)\n".utf8))
try await channel.closeFuture.get()
