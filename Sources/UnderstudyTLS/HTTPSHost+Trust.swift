import AsyncHTTPClient
import Foundation
import NIOSSL
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Trust for a `StubServer` started with `tls: .generated` (or another ``StubServerTLS``):
/// the CA to give clients, and clients that trust exactly that CA. Written on `HTTPSHost`, the
/// server module's name for a host with an HTTPS listener, so this module needs no more of the
/// test API.
extension HTTPSHost {
    /// The HTTPS listener's set-up, or ``StubServerTLSError/notServingHTTPS``.
    public func serverTLS() throws -> StubServerTLS {
        guard let tls = tls as? StubServerTLS else { throw StubServerTLSError.notServingHTTPS }
        return tls
    }

    /// The CA that issued the HTTPS certificate, as PEM (for curl, keytool, httpx, a file on disk).
    public func certificateAuthorityPEM() throws -> String {
        try serverTLS().certificateAuthorityPEM()
    }

    /// The CA that issued the HTTPS certificate, as DER bytes.
    public func certificateAuthorityDER() throws -> [UInt8] {
        try serverTLS().certificateAuthorityDER()
    }

    /// An AsyncHTTPClient configuration that trusts this server's CA and nothing else.
    public func httpClientConfiguration() throws -> HTTPClient.Configuration {
        try serverTLS().httpClientConfiguration()
    }

    /// A URLSession that trusts this server's CA: not possible with FoundationNetworking on Linux,
    /// so this throws ``StubServerTLSError/urlSessionCannotTrustCertificateAuthority``, whose
    /// message says what to use instead. libcurl reads the CA bundle fixed when it was built
    /// (`SSL_CERT_FILE` and `CURL_CA_BUNDLE` change nothing), `URLSessionCertificateAuthorityInfoFile`
    /// is read only on Android, and a server-trust challenge never reaches a session's delegate;
    /// the only other lever would turn verification off for the whole process, which this never
    /// does. On Apple platforms a delegate that anchors the CA would work; it is not written yet,
    /// so this throws there too.
    public func httpsSession() throws -> URLSession {
        _ = try serverTLS()
        throw StubServerTLSError.urlSessionCannotTrustCertificateAuthority
    }
}
