import NIOCore

/// A server that is also a forward proxy (`understudy serve --proxy-mode`): absolute-form
/// requests (`GET http://host/…`) and `CONNECT host:port` tunnels are answered from the stubs,
/// matched on their `scheme`, `host` and `port` request fields, and those no stub
/// matches go on to the host they were meant for (unless `proxyPassThrough` is off).
///
/// A tunnel that starts with a TLS handshake is intercepted: the server finishes the handshake
/// itself with a certificate for the tunnel's host from ``interception``; one that starts with
/// anything else is read as plain HTTP.
public struct ForwardProxyMode: Sendable {
    /// Makes the TLS side of intercepted tunnels; without one, a TLS tunnel is closed at once and
    /// the log says to give the server a CA.
    public var interception: (any TunnelInterception)?

    /// Proxy mode, intercepting TLS tunnels with `interception`.
    public init(interception: (any TunnelInterception)?) {
        self.interception = interception
    }
}

/// The TLS side of an intercepted `CONNECT` tunnel: a server handshake for the host the client
/// asked for, with a leaf certificate issued for it by a CA the client trusts. `UnderstudyTLS`
/// provides one (`InterceptingTLS`), so this module never links BoringSSL.
public protocol TunnelInterception: Sendable {
    /// Adds a server-side TLS handler presenting a certificate for `host` (a name, or an IP
    /// address as the certificate's IP SAN) to `channel`. Like ``TLSServerSetup``'s, it must offer
    /// ALPN `h2` and `http/1.1` and fire NIOTLS's `handshakeCompleted`. Called on the channel's loop.
    func addTLSHandler(to channel: any Channel, forHost host: String) throws

    /// The CA certificate leaves are issued by, as PEM: what clients install to trust the proxy,
    /// and what `GET /__admin/certs/wiremock-ca.crt` serves.
    var certificateAuthorityPEM: String { get }
}
