import NIOCore
import NIOHTTP1
import NIOTLS

/// The handlers of one connection, socket end first:
/// raw-bytes writer, the fast path for plain requests (``PlainRequestFastPath``, which hands
/// everything else on), Content-Length/Transfer-Encoding reconciler, NIO's HTTP/1.1 server handlers
/// (encoder, decoder with our header limit, pipelining; no second header validation), our 431 answer,
/// NIO's 400 answer, and the stub handler (which keeps its own idle timer: NIO's
/// `IdleStateHandler` would add a handler hop to every read and write of every request).
enum ConnectionPipeline {
    static func configure(_ channel: any Channel, environment: ConnectionEnvironment) throws {
        let activity = ConnectionActivity()
        let fastPath =
            environment.configuration.usesFastPath
            ? PlainRequestFastPath(environment: environment, activity: activity) : nil
        try configureFraming(channel, configuration: environment.configuration, fastPath: fastPath)
        try channel.pipeline.syncOperations.addHandler(
            StubConnectionHandler(environment: environment, activity: activity))
        // First in line for inbound bytes (the raw-bytes writer is outbound only): HTTP/2 by prior knowledge.
        try channel.pipeline.syncOperations.addHandler(HTTP2PrefaceSniffer(environment: environment), position: .first)
    }

    /// A connection behind TLS: once the handshake has chosen a protocol by ALPN, HTTP/2 for `h2`,
    /// else the same handlers as a plain connection (HTTP/1.1, the default when the client offered none).
    static func configureAfterTLS(_ channel: any Channel, environment: ConnectionEnvironment) throws {
        let negotiation = ApplicationProtocolNegotiationHandler { result, channel in
            channel.eventLoop.makeCompletedFuture {
                if case .negotiated("h2") = result {
                    // Next to the TLS handler: a batch of frames becomes one record, not one each.
                    try channel.pipeline.syncOperations.addHandler(TLSWriteCoalescer())
                    try channel.pipeline.syncOperations.addHandler(RawBytesWriter())
                    try HTTP2Pipeline.configure(channel, environment: environment)
                } else {
                    try configure(channel, environment: environment)
                }
            }
        }
        try channel.pipeline.syncOperations.addHandler(negotiation)
    }

    /// Everything that turns bytes into request parts and answers malformed ones, without the
    /// stub handler: the part the HTTP fuzz target drives.
    static func configureFraming(
        _ channel: any Channel, configuration: StubServerConfiguration, fastPath: PlainRequestFastPath? = nil
    ) throws {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderListSize = max(1, configuration.maxHeaderBytes)
        limits.maxHeaderFieldSize = max(1, configuration.maxHeaderBytes)
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(RawBytesWriter())
        if let fastPath { try pipeline.addHandler(fastPath) }
        try pipeline.addHandler(LengthHeaderReconciler(maxHeaderBytes: configuration.maxHeaderBytes))
        try pipeline.configureHTTPServerPipeline(
            withPipeliningAssistance: true, withErrorHandling: false,
            // ResponseHeadBuilder writes only valid names and values; NIO's validator would check each head again.
            withOutboundHeaderValidation: false,
            withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
        // What `withErrorHandling: true` would add, with our 431 in front of it.
        try pipeline.addHandler(HeaderOverflowResponder())
        try pipeline.addHandler(HTTPServerProtocolErrorHandler())
    }
}
