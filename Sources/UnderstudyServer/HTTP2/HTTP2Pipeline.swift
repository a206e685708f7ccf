import NIOCore
import NIOHTTP1
import NIOHTTP2

/// The handlers of an HTTP/2 connection, socket end first: the raw-bytes writer (added by
/// whoever chose HTTP/2, or kept from HTTP/1.1 after an upgrade, for the one fault that breaks the connection), NIO's HTTP/2 handler,
/// ``ConnectionErrorCloser``, ``OpenStreamsFilter``, NIO's connection manager (idle time-out, and GOAWAY then close when the
/// server stops), ``HTTP2FastPath`` for bodiless requests to fixed stubs, and NIO's stream
/// multiplexer for the rest. Each of those streams starts with an ``HTTP2StreamRouter``, which
/// installs the stream's protocol from its first HEADERS: for HTTP, NIO's HTTP/2-to-HTTP/1 codec
/// and a ``StubConnectionHandler`` of its own, so stubs, the admin API, delays, gates, proxying and
/// the journal behave over HTTP/2 as they do over HTTP/1.1.
enum HTTP2Pipeline {
    /// What we advertise: at most 100 concurrent streams (RFC 9113 recommends no fewer), and the
    /// same header limit as HTTP/1.1. NIO's defaults bound the rest: HPACK's dynamic table,
    /// CONTINUATION floods, rapid resets (CVE-2023-44487), control-frame floods and flow control.
    static func settings(_ configuration: StubServerConfiguration) -> HTTP2Settings {
        [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: 100),
            HTTP2Setting(parameter: .maxHeaderListSize, value: max(1, configuration.maxHeaderBytes))
        ]
    }

    /// Adds the HTTP/2 handlers at the end of the pipeline.
    static func configure(_ channel: any Channel, environment: ConnectionEnvironment) throws {
        let configuration = environment.configuration
        // Worked out once for all the connection's streams (formatting an address, and reading a
        // client certificate on mutual TLS, cost more than matching a simple stub).
        let addresses = ConnectionAddresses(channel: channel, environment: environment)
        var connection = NIOHTTP2Handler.ConnectionConfiguration()
        connection.initialSettings = settings(configuration)
        let manager = NIOHTTP2ServerConnectionManagementHandler(
            eventLoop: channel.eventLoop,
            configuration: .init(
                maxIdleTime: TimeAmount(configuration.idleTimeout), maxAge: nil,
                maxGraceTime: TimeAmount(configuration.shutdownGracePeriod), keepalive: nil))
        let closer = ConnectionErrorCloser()
        let http2 = NIOHTTP2Handler(
            mode: .server, frameDelegate: closer, connectionConfiguration: connection, streamConfiguration: .init())
        let multiplexer = HTTP2StreamMultiplexer(
            mode: .server, channel: channel,
            inboundStreamInitializer: { stream in
                stream.eventLoop.makeCompletedFuture {
                    try stream.pipeline.syncOperations.addHandler(
                        HTTP2StreamRouter(environment: environment, addresses: addresses))
                }
            })
        try channel.pipeline.syncOperations.addHandler(http2)
        try channel.pipeline.syncOperations.addHandler(closer)
        try channel.pipeline.syncOperations.addHandler(OpenStreamsFilter())
        try channel.pipeline.syncOperations.addHandler(manager)
        if configuration.usesFastPath {
            try channel.pipeline.syncOperations.addHandler(
                HTTP2FastPath(environment: environment, addresses: addresses))
        }
        try channel.pipeline.syncOperations.addHandler(multiplexer)
        // The manager starts its idle timer on channelActive, which passed before the switch to
        // HTTP/2 (prior knowledge, h2c, ALPN) added it: without this, a connection that never
        // completed a stream was never closed, however long it sat idle.
        if channel.isActive { try channel.pipeline.syncOperations.context(handler: http2).fireChannelActive() }
    }
}
