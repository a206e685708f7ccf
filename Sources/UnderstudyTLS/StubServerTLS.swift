import NIOCore
import NIOSSL
import UnderstudyServer
import X509

/// HTTPS for a stub server: TLS 1.2 and 1.3 through NIOSSL (BoringSSL), ALPN `h2` and
/// `http/1.1`, optionally mutual TLS, and a handshake time-out. Renegotiation is refused
/// (BoringSSL never renegotiates as a server).
///
/// ```swift
/// let tls = try StubServerTLS.generated()                 // a new CA and a leaf for loopback
/// let server = try await StubServer.start(tls: tls)
/// let client = HTTPClient(configuration: try tls.httpClientConfiguration())
/// ```
public struct StubServerTLS: TLSServerSetup {
    /// What the server presents.
    public let identity: TLSIdentity
    /// The CA that issued ``identity``, when known: what clients should trust (and nothing else).
    public let certificateAuthority: Certificate?
    /// When set, a client must present a certificate issued by one of these, or the handshake fails.
    public let requiredClientCertificateAuthorities: [Certificate]?
    /// A connection whose handshake has not completed by then is closed.
    public let handshakeTimeout: Duration
    private let context: NIOSSLContext

    /// - Parameters:
    ///   - identity: the server's certificate chain and key.
    ///   - certificateAuthority: the CA clients trust, for ``httpClientConfiguration()`` and friends.
    ///   - clientAuthorities: mutual TLS: refuse clients without a certificate from one of these.
    ///   - handshakeTimeout: how long a new connection may take to complete its handshake.
    public init(
        identity: TLSIdentity, certificateAuthority: Certificate? = nil,
        requiringClientCertificatesFrom clientAuthorities: [Certificate]? = nil,
        handshakeTimeout: Duration = .seconds(10)
    ) throws {
        self.identity = identity
        self.certificateAuthority = certificateAuthority
        self.requiredClientCertificateAuthorities = clientAuthorities
        self.handshakeTimeout = handshakeTimeout
        let chain = try identity.certificateChain.map { NIOSSLCertificateSource.certificate(try $0.nioSSL) }
        let key = NIOSSLPrivateKeySource.privateKey(
            try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM().utf8), format: .pem))
        var configuration: TLSConfiguration
        if let clientAuthorities {
            guard !clientAuthorities.isEmpty else { throw TLSSetupError.noClientCertificateAuthority }
            configuration = .makeServerConfigurationWithMTLS(
                certificateChain: chain, privateKey: key,
                trustRoots: .certificates(try clientAuthorities.map { try $0.nioSSL }))
            configuration.sendCANameList = true
        } else {
            configuration = .makeServerConfiguration(certificateChain: chain, privateKey: key)
        }
        configuration.minimumTLSVersion = .tlsv12
        configuration.maximumTLSVersion = .tlsv13
        configuration.applicationProtocols = ["h2", "http/1.1"]
        configuration.renegotiationSupport = .none
        self.context = try NIOSSLContext(configuration: configuration)
    }

    /// A new CA, and a leaf from it for `127.0.0.1`, `::1`, `localhost` and `hosts`.
    public static func generated(
        hosts: [String] = [], requiringClientCertificatesFrom clientAuthorities: [Certificate]? = nil,
        handshakeTimeout: Duration = .seconds(10)
    ) throws -> StubServerTLS {
        let authority = try CertificateAuthority.generate()
        return try StubServerTLS(
            identity: try authority.issueServerIdentity(hosts: hosts), certificateAuthority: authority.certificate,
            requiringClientCertificatesFrom: clientAuthorities, handshakeTimeout: handshakeTimeout)
    }

    /// A leaf for `127.0.0.1`, `::1`, `localhost` and `hosts`, from the user's CA (trusted once, kept).
    public static func signed(
        by authority: CertificateAuthority, hosts: [String] = [],
        requiringClientCertificatesFrom clientAuthorities: [Certificate]? = nil,
        handshakeTimeout: Duration = .seconds(10)
    ) throws -> StubServerTLS {
        try StubServerTLS(
            identity: try authority.issueServerIdentity(hosts: hosts), certificateAuthority: authority.certificate,
            requiringClientCertificatesFrom: clientAuthorities, handshakeTimeout: handshakeTimeout)
    }

    /// Puts a TLS server handler for this identity at the front of `channel`'s pipeline.
    public func addTLSHandler(to channel: any Channel) throws {
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(NIOSSLServerHandler(context: context))
        try pipeline.addHandler(TLSHandshakeTimeout(timeout: TimeAmount(handshakeTimeout)))
    }

    /// The subject of the client certificate on `channel`, when mutual TLS checked one.
    public func clientCertificateSubject(of channel: any Channel) -> String? {
        // An HTTP/2 stream's channel has no TLS handler: its connection's (the parent, on the same
        // loop) has. A connection's own parent is the listening socket, maybe on another loop.
        for candidate in [channel, channel.parent].compactMap({ $0 }) where candidate.eventLoop.inEventLoop {
            guard let handler = try? candidate.pipeline.syncOperations.handler(type: NIOSSLServerHandler.self)
            else { continue }
            guard let peer = handler.peerCertificate, let der = try? peer.toDERBytes(),
                let certificate = try? Certificate(derEncoded: der)
            else { return nil }
            return certificate.subject.description
        }
        return nil
    }
}

extension TLSServerSetup where Self == StubServerTLS {
    /// HTTPS with a CA generated for this server and a leaf for `127.0.0.1`, `::1` and
    /// `localhost`; read the CA back from the server (`server.tls`) to trust it.
    public static var generated: StubServerTLS {
        get throws { try StubServerTLS.generated() }
    }
}

extension Certificate {
    /// The same certificate as NIOSSL holds it.
    var nioSSL: NIOSSLCertificate {
        get throws { try NIOSSLCertificate(bytes: derBytes, format: .der) }
    }
}
