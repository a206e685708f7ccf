import NIOCore
import NIOTLS

/// How a connection becomes one protocol's pipeline. Negotiation comes first, and only the
/// chosen protocol's handlers are installed:
///
/// - cleartext: ``CleartextNegotiator`` reads the first bytes; the HTTP/2 preface (prior
///   knowledge) installs ``HTTP2Pipeline``, anything else ``HTTP1Pipeline``;
/// - TLS: ALPN's `h2` installs ``HTTP2Pipeline``, `http/1.1` ``HTTP1Pipeline``, and a client that
///   offered no protocol is read as a cleartext one is.
///
/// Only an upgrade (`Upgrade: h2c`, `Upgrade: websocket`) replaces a pipeline, because it is
/// asked for by an HTTP/1.1 request: ``HTTP1Pipeline/remove(from:)`` takes out what
/// ``HTTP1Pipeline/configure(_:environment:)`` put in.
enum ConnectionPipeline {
    /// A cleartext connection: nothing but the negotiator until the first bytes arrive.
    static func configure(_ channel: any Channel, environment: ConnectionEnvironment) throws {
        try channel.pipeline.syncOperations.addHandler(CleartextNegotiator(environment: environment))
    }

    /// A connection behind TLS, once the handshake has chosen a protocol by ALPN.
    static func configureAfterTLS(_ channel: any Channel, environment: ConnectionEnvironment) throws {
        let negotiation = ApplicationProtocolNegotiationHandler { result, channel in
            channel.eventLoop.makeCompletedFuture {
                switch result {
                case .negotiated("h2"):
                    // Next to the TLS handler: a batch of frames becomes one record, not one each.
                    try channel.pipeline.syncOperations.addHandler(TLSWriteCoalescer())
                    try channel.pipeline.syncOperations.addHandler(RawBytesWriter())
                    try HTTP2Pipeline.configure(channel, environment: environment)
                case .negotiated:
                    try HTTP1Pipeline.configure(channel, environment: environment)
                case .fallback:
                    try configure(channel, environment: environment)
                }
            }
        }
        try channel.pipeline.syncOperations.addHandler(negotiation)
    }
}
