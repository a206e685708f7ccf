import AsyncHTTPClient
import Foundation
import NIOSSL
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ForwardProxyMode {
    /// Proxy mode intercepting TLS tunnels with certificates from `authority` (a new CA by
    /// default; pass a kept one so clients trust it once).
    public static func intercepting(
        with authority: CertificateAuthority? = nil, handshakeTimeout: Duration = .seconds(10)
    ) throws -> ForwardProxyMode {
        ForwardProxyMode(
            interception: try InterceptingTLS(
                authority: try authority ?? CertificateAuthority.generate(name: "Understudy Proxy CA"),
                handshakeTimeout: handshakeTimeout))
    }
}

/// Clients for code under test that builds its own absolute URLs (`https://api.example.com/…`):
/// they go through a `StubServer` started as a forward proxy and trust its CA, so the stubs
/// answer for any host.
///
/// ```swift
/// var configuration = StubServerConfiguration()
/// configuration.forwardProxy = try .intercepting()
/// let server = try await StubServer.start(configuration: configuration)
/// server.stub(.get("/v1/me").host("api.example.com"), .ok(json: #"{"id":1}"#))
/// let client = HTTPClient(configuration: try server.proxiedHTTPClientConfiguration())
/// ```
extension ForwardProxyHost {
    /// The CA intercepted hosts' certificates come from, as PEM.
    public func proxyCertificateAuthorityPEM() throws -> String {
        try interception().certificateAuthorityPEM
    }

    /// An AsyncHTTPClient configuration that sends every request through this proxy (absolute
    /// form for `http`, `CONNECT` for `https`) and trusts its CA and nothing else.
    public func proxiedHTTPClientConfiguration() throws -> HTTPClient.Configuration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates([
            try NIOSSLCertificate(bytes: Array(try interception().certificateAuthorityPEM.utf8), format: .pem)
        ])
        tls.minimumTLSVersion = .tlsv12
        return HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow, proxy: .server(host: "127.0.0.1", port: port))
    }

    /// A URLSession configuration whose `connectionProxyDictionary` sends `http` and `https`
    /// through this proxy (Apple platforms). A session made from it must still trust the CA: install
    /// ``proxyCertificateAuthorityPEM()`` where the device trusts it (a simulator:
    /// `xcrun simctl keychain booted add-root-cert`), or answer the server-trust challenge.
    ///
    /// FoundationNetworking on Linux ignores `connectionProxyDictionary` (libcurl reads only
    /// `http_proxy` and `https_proxy` from the environment, for the whole process) and cannot
    /// trust a CA per session, so there this throws
    /// ``ForwardProxyClientError/urlSessionCannotUseProxy``, whose message says what to use instead.
    public func proxiedSessionConfiguration() throws -> URLSessionConfiguration {
        _ = try interception()
        #if canImport(Darwin)
            let configuration = URLSessionConfiguration.ephemeral
            // The keys of CFNetwork's kCFNetworkProxiesHTTP*/HTTPS* constants, spelt out: the
            // HTTPS ones are not exported on iOS.
            configuration.connectionProxyDictionary = [
                "HTTPEnable": 1, "HTTPProxy": "127.0.0.1", "HTTPPort": port,
                "HTTPSEnable": 1, "HTTPSProxy": "127.0.0.1", "HTTPSPort": port
            ]
            return configuration
        #else
            throw ForwardProxyClientError.urlSessionCannotUseProxy
        #endif
    }

    private func interception() throws -> any TunnelInterception {
        guard let forwardProxy else { throw ForwardProxyClientError.notAProxy }
        guard let interception = forwardProxy.interception else { throw ForwardProxyClientError.noCertificateAuthority }
        return interception
    }
}

/// Why a forward proxy client helper cannot help.
public enum ForwardProxyClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server was not started as a forward proxy.
    case notAProxy
    /// The proxy intercepts no TLS tunnels, so there is no CA to trust.
    case noCertificateAuthority
    /// URLSession on Linux does not take a proxy per session.
    case urlSessionCannotUseProxy

    public var description: String {
        switch self {
        case .notAProxy:
            return "this server is not a forward proxy: start it with a configuration whose forwardProxy is"
                + " .intercepting() (UnderstudyTLS)"
        case .noCertificateAuthority:
            return "this proxy intercepts no TLS tunnels (ForwardProxyMode without interception): give it one with"
                + " .intercepting()"
        case .urlSessionCannotUseProxy:
            return "URLSession on Linux (FoundationNetworking, over libcurl) ignores connectionProxyDictionary and"
                + " cannot trust a CA per session. Use AsyncHTTPClient with server.proxiedHTTPClientConfiguration(),"
                + " or, for http:// only, set http_proxy for the whole process; on Apple platforms this works."
        }
    }
}
