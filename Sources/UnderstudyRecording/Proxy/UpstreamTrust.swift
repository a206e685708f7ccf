import NIOSSL

/// Which HTTPS upstreams a proxy stub may talk to beyond those the system trusts. Nothing is
/// trusted by default; verification is never turned off for every upstream.
public struct UpstreamTrust: Sendable, Hashable {
    /// PEM files of private certificate authorities whose certificates upstreams may present
    /// (`understudy serve --proxy-ca FILE`), on top of the system's roots.
    public var certificateAuthorityFiles: [String]
    /// Hosts whose certificate is accepted whatever signed it (`--trust-proxy-target HOST`, as
    /// WireMock names it): for a test upstream with a self-signed certificate. Only these hosts.
    public var trustedHosts: Set<String>

    /// Trust the system's CAs plus these PEM files, and any certificate from these hosts.
    public init(certificateAuthorityFiles: [String] = [], trustedHosts: Set<String> = []) {
        self.certificateAuthorityFiles = certificateAuthorityFiles
        self.trustedHosts = Set(trustedHosts.map { $0.lowercased() })
    }

    /// Reads every CA file now, so a missing or broken one stops start-up with its name rather
    /// than failing each proxied request later.
    public func validate() throws(UpstreamTrustError) {
        for file in certificateAuthorityFiles {
            do {
                guard !(try NIOSSLCertificate.fromPEMFile(file)).isEmpty else {
                    throw UpstreamTrustError(file: file, reason: "holds no PEM certificate")
                }
            } catch let error as UpstreamTrustError {
                throw error
            } catch {
                throw UpstreamTrustError(file: file, reason: "is not a readable PEM certificate file (\(error))")
            }
        }
    }

    /// The TLS settings for an upstream on `host`.
    func tlsConfiguration(forHost host: String) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if trustedHosts.contains(host.lowercased()) {
            configuration.certificateVerification = .none
        } else if !certificateAuthorityFiles.isEmpty {
            configuration.additionalTrustRoots = certificateAuthorityFiles.map { .file($0) }
        }
        return configuration
    }

    /// Whether `host` needs a client of its own (its verification differs from the others').
    func isTrusted(_ host: String) -> Bool { trustedHosts.contains(host.lowercased()) }
}

/// A `--proxy-ca` file that cannot be used.
public struct UpstreamTrustError: Error, Sendable, CustomStringConvertible {
    /// The CA file that could not be used.
    public var file: String
    /// Why it could not be used.
    public var reason: String
    public var description: String { "--proxy-ca \(file) \(reason)" }
}
