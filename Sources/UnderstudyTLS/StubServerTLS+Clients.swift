import AsyncHTTPClient
import NIOSSL
import X509

extension StubServerTLS {
    /// The CA clients should trust, as PEM text (for `curl --cacert`, `keytool -importcert`, httpx's `verify=`).
    /// - Throws: ``StubServerTLSError/noCertificateAuthority`` for a user's own leaf.
    public func certificateAuthorityPEM() throws -> String {
        try knownAuthority().serializeAsPEM().pemString + "\n"
    }

    /// The CA clients should trust, as DER bytes.
    public func certificateAuthorityDER() throws -> [UInt8] {
        try knownAuthority().derBytes
    }

    /// A client TLS configuration that trusts this server's CA and nothing else (not the system's
    /// roots), with full verification: the certificate chain and the host name.
    public func clientTLSConfiguration() throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([try knownAuthority().nioSSL])
        configuration.certificateVerification = .fullVerification
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }

    /// An AsyncHTTPClient configuration that trusts this server's CA only
    /// (``clientTLSConfiguration()``); `HTTPClient(configuration: try tls.httpClientConfiguration())`.
    public func httpClientConfiguration() throws -> HTTPClient.Configuration {
        HTTPClient.Configuration(tlsConfiguration: try clientTLSConfiguration())
    }

    private func knownAuthority() throws -> Certificate {
        guard let certificateAuthority else { throw StubServerTLSError.noCertificateAuthority }
        return certificateAuthority
    }
}

/// Why a trust helper cannot help.
public enum StubServerTLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server presents the user's own certificate, whose issuer it does not know.
    case noCertificateAuthority
    /// The `StubServer` has no HTTPS listener from `UnderstudyTLS`.
    case notServingHTTPS
    /// URLSession on Linux cannot be told to trust a CA per session (see `StubServer.httpsSession()`).
    case urlSessionCannotTrustCertificateAuthority

    public var description: String {
        switch self {
        case .noCertificateAuthority:
            return "the server presents a certificate given by the user, whose CA it does not know: trust that CA"
                + " yourself, or start the server with StubServerTLS.generated() or StubServerTLS.signed(by:)"
        case .notServingHTTPS:
            return
                "this server has no HTTPS listener from UnderstudyTLS: start it with StubServer.start(tls: .generated)"
        case .urlSessionCannotTrustCertificateAuthority:
            return "URLSession on Linux (FoundationNetworking, over libcurl) has no per-session way to trust a CA, and"
                + " never asks its delegate about server trust. Use AsyncHTTPClient with"
                + " server.httpClientConfiguration(), the server's http:// baseURL, or add the CA"
                + " (server.certificateAuthorityPEM()) to the system's trust store"
                + " (/usr/local/share/ca-certificates, then update-ca-certificates)."
        }
    }
}
