import NIOCore
import NIOHTTP1
import NIOHTTP2

/// The handlers behind the socket (and behind TLS, once ALPN has chosen) for each protocol.
enum HelloPipeline {
    /// NIO's HTTP/2 handler with 100 concurrent streams (as StubHTTPServer advertises); each stream
    /// gets NIO's HTTP/2-to-HTTP/1 codec and a ``HelloHandler``.
    static func addHTTP2(to channel: any Channel) throws {
        var connection = NIOHTTP2Handler.ConnectionConfiguration()
        connection.initialSettings = [HTTP2Setting(parameter: .maxConcurrentStreams, value: 100)]
        let http2 = NIOHTTP2Handler(
            mode: .server, eventLoop: channel.eventLoop, connectionConfiguration: connection,
            streamConfiguration: .init()
        ) { stream in
            stream.eventLoop.makeCompletedFuture {
                try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                try stream.pipeline.syncOperations.addHandler(HelloHandler())
            }
        }
        try channel.pipeline.syncOperations.addHandler(http2)
    }

    /// NIO's HTTP/1.1 server pipeline and a ``HelloHandler``.
    static func addHTTP1(to channel: any Channel) throws {
        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
        try channel.pipeline.syncOperations.addHandler(HelloHandler())
    }
}
