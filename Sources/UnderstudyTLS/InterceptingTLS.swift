import NIOCore
import NIOSSL
import Synchronization
import UnderstudyServer
import X509

/// The TLS side of a forward proxy's intercepted `CONNECT` tunnels: for each host a client
/// tunnels to, a leaf certificate for that host (an IP address as an IP SAN) issued by
/// ``authority``, made on first use and kept; ALPN offers `h2` and `http/1.1`, as the HTTPS
/// listener does. Clients trust ``authority`` once (`GET /__admin/certs/wiremock-ca.crt`).
///
/// ```swift
/// let authority = try CertificateAuthority.generate()
/// var configuration = StubServerConfiguration()
/// configuration.forwardProxy = ForwardProxyMode(interception: try InterceptingTLS(authority: authority))
/// ```
public final class InterceptingTLS: TunnelInterception {
    /// The CA every intercepted host's certificate comes from.
    public let authority: CertificateAuthority
    /// A tunnel whose handshake has not completed by then is closed.
    public let handshakeTimeout: Duration
    public let certificateAuthorityPEM: String
    /// One context per tunnel host, each holding its leaf; cleared whole past `maxCachedHosts`.
    private let contexts = Mutex<[String: NIOSSLContext]>([:])
    /// Each host's certificate and key, for tunnels and for SNI names.
    private let leaves = Mutex<[String: Leaf]>([:])
    static let maxCachedHosts = 4096

    /// - Parameters:
    ///   - authority: the CA that issues each host's certificate (and that clients trust).
    ///   - handshakeTimeout: how long a tunnel may take to complete its handshake.
    public init(authority: CertificateAuthority, handshakeTimeout: Duration = .seconds(10)) throws {
        self.authority = authority
        self.handshakeTimeout = handshakeTimeout
        self.certificateAuthorityPEM = try authority.pem
    }

    public func addTLSHandler(to channel: any Channel, forHost host: String) throws {
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(NIOSSLServerHandler(context: try context(forHost: host)))
        try pipeline.addHandler(TLSHandshakeTimeout(timeout: TimeAmount(handshakeTimeout)))
    }

    /// The context for a tunnel to `host`, presenting `host`'s leaf; a client whose TLS hello
    /// names another host (SNI, e.g. a tunnel opened to an IP address) gets that host's leaf.
    func context(forHost host: String) throws -> NIOSSLContext {
        let name = host.lowercased()
        if let cached = contexts.withLock({ $0[name] }) { return cached }
        let leaf = try self.leaf(forHost: name)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: leaf.chain, privateKey: leaf.key)
        configuration.minimumTLSVersion = .tlsv12
        configuration.maximumTLSVersion = .tlsv13
        configuration.applicationProtocols = ["h2", "http/1.1"]
        configuration.renegotiationSupport = .none
        configuration.sslContextCallback = { [weak self] hello, promise in
            guard let self, let requested = hello.serverHostname?.lowercased(), requested != name else {
                promise.succeed(.noChanges)
                return
            }
            do {
                let other = try self.leaf(forHost: requested)
                var change = NIOSSLContextConfigurationOverride()
                change.certificateChain = other.chain
                change.privateKey = other.key
                promise.succeed(change)
            } catch {
                promise.fail(error)
            }
        }
        let context = try NIOSSLContext(configuration: configuration)
        return contexts.withLock { contexts in
            if let raced = contexts[name] { return raced }
            if contexts.count >= Self.maxCachedHosts { contexts.removeAll() }
            contexts[name] = context
            return context
        }
    }

    /// `host`'s certificate and key, issued the first time (a P-256 key and one signature: well
    /// under a millisecond, once per host).
    private func leaf(forHost host: String) throws -> Leaf {
        if let cached = leaves.withLock({ $0[host] }) { return cached }
        let identity = try authority.issueInterceptionIdentity(host: host)
        let leaf = Leaf(
            chain: try identity.certificateChain.map { NIOSSLCertificateSource.certificate(try $0.nioSSL) },
            key: .privateKey(try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM().utf8), format: .pem)))
        return leaves.withLock { leaves in
            if let raced = leaves[host] { return raced }
            if leaves.count >= Self.maxCachedHosts { leaves.removeAll() }
            leaves[host] = leaf
            return leaf
        }
    }

    private struct Leaf: Sendable {
        var chain: [NIOSSLCertificateSource]
        var key: NIOSSLPrivateKeySource
    }
}
