import NIOCore

/// What the HTTPS listener puts at the socket end of each new connection: a TLS handler from a
/// module that links BoringSSL (`UnderstudyTLS`), so that `UnderstudyServer`, and every test
/// target that imports `Understudy`, never compiles it.
///
/// The handler must offer ALPN `h2` and `http/1.1` and fire NIOTLS's
/// `TLSUserEvent.handshakeCompleted(negotiatedProtocol:)`; the server then serves HTTP/2 or
/// HTTP/1.1 behind it (`ConnectionPipeline.configureAfterTLS(_:environment:)`).
public protocol TLSServerSetup: Sendable {
    /// Adds the server-side TLS handler to a new connection's pipeline; called on its event loop.
    func addTLSHandler(to channel: any Channel) throws

    /// The subject of the certificate the client presented (mutual TLS), e.g. `CN=client,O=Example`,
    /// or nil; called on the connection's event loop once the handshake is done, with the
    /// connection's channel or one of its HTTP/2 stream channels. The journal records it.
    func clientCertificateSubject(of channel: any Channel) -> String?
}

extension TLSServerSetup {
    /// No client certificate subject by default: set-ups without mutual TLS have none.
    public func clientCertificateSubject(of channel: any Channel) -> String? { nil }
}
