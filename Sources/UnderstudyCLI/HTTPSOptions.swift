import ArgumentParser
import Foundation
import UnderstudyServer
import UnderstudyTLS

/// `serve`'s HTTPS options: a second listener with a generated certificate, one signed by the
/// user's CA, or the user's own; optionally mutual TLS.
struct HTTPSOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Also serve HTTPS on this port (0 picks a free one); its URL is printed on the line after the http:// one.")
    var httpsPort: Int?

    @Option(
        name: .long,
        help:
            "A host name or IP address the generated certificate also names, beyond 127.0.0.1, ::1 and localhost (repeatable)."
    )
    var httpsHost: [String] = []

    @Option(
        name: .long, help: "Write the CA that issued the certificate (generated or --https-ca) to this file as PEM.")
    var httpsCaOut: String?

    @Option(
        name: .long, help: "A CA certificate (PEM) to sign the server's certificate with, instead of a generated CA.")
    var httpsCa: String?

    @Option(name: .long, help: "The private key (PEM) of --https-ca.")
    var httpsCaKey: String?

    @Option(name: .long, help: "Serve this certificate (PEM, leaf first, then intermediates) instead of issuing one.")
    var httpsCert: String?

    @Option(name: .long, help: "The private key (PEM) of --https-cert.")
    var httpsKey: String?

    @Flag(
        name: .long,
        help: "Mutual TLS: refuse, at the handshake, any client without a certificate from --https-client-ca.")
    var httpsRequireClientAuth = false

    @Option(name: .long, help: "The CA certificate(s) (PEM) client certificates must come from.")
    var httpsClientCa: String?

    /// Checked by `serve`, which knows whether a forward proxy uses the CA options without an
    /// HTTPS listener.
    /// - Parameter proxyMode: `--proxy-mode`: `--https-ca`, `--https-ca-key` and
    ///   `--https-ca-out` then name the proxy's CA, with or without `--https-port`.
    func validate(proxyMode: Bool) throws {
        if (httpsCa == nil) != (httpsCaKey == nil) {
            throw ValidationError("--https-ca and --https-ca-key go together: give both or neither")
        }
        guard let httpsPort else {
            if let option = firstHTTPSOptionGiven(besidesCA: proxyMode) {
                throw ValidationError("\(option) needs --https-port (0 picks a free port)")
            }
            return
        }
        guard (0...65_535).contains(httpsPort) else {
            throw ValidationError("--https-port must be between 0 and 65535")
        }
        if (httpsCert == nil) != (httpsKey == nil) {
            throw ValidationError("--https-cert and --https-key go together: give both or neither")
        }
        if httpsCert != nil {
            if httpsCa != nil {
                throw ValidationError("--https-cert serves your own certificate; it cannot be used with --https-ca")
            }
            if !httpsHost.isEmpty {
                throw ValidationError("--https-host names hosts in an issued certificate; --https-cert brings its own")
            }
            if httpsCaOut != nil {
                throw ValidationError("--https-ca-out writes the issuing CA, which is unknown with --https-cert")
            }
        }
        if httpsRequireClientAuth != (httpsClientCa != nil) {
            throw ValidationError(
                "--https-require-client-auth and --https-client-ca go together: the latter names the CA"
                    + " client certificates must come from")
        }
    }

    /// The user's CA (`--https-ca` and `--https-ca-key`), or nil.
    func userAuthority() throws -> CertificateAuthority? {
        guard let httpsCa, let httpsCaKey else { return nil }
        return try CertificateAuthority(certificateFile: httpsCa, privateKeyFile: httpsCaKey)
    }

    /// The HTTPS listener, or nil without `--https-port`; reads the files and writes `--https-ca-out`.
    /// - Parameter authority: the CA to sign with when the user gave none (a forward proxy's).
    /// - Throws: ``TLSFileError`` naming the file at fault.
    func makeListener(authority: CertificateAuthority? = nil) throws -> HTTPSListener? {
        guard let httpsPort else { return nil }
        let clientAuthorities = try httpsClientCa.map { try CertificateAuthority.clientAuthorities(fromFile: $0) }
        let tls: StubServerTLS
        if let httpsCert, let httpsKey {
            tls = try StubServerTLS(
                identity: try TLSIdentity(certificateFile: httpsCert, privateKeyFile: httpsKey),
                requiringClientCertificatesFrom: clientAuthorities)
        } else if let authority = try userAuthority() ?? authority {
            tls = try StubServerTLS.signed(
                by: authority, hosts: httpsHost, requiringClientCertificatesFrom: clientAuthorities)
        } else {
            tls = try StubServerTLS.generated(hosts: httpsHost, requiringClientCertificatesFrom: clientAuthorities)
        }
        if let httpsCaOut { try Self.write(try tls.certificateAuthorityPEM(), to: httpsCaOut) }
        return HTTPSListener(port: httpsPort, tls: tls)
    }

    /// Writes `--https-ca-out`.
    static func write(_ pem: String, to path: String) throws {
        do {
            try Data(pem.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw TLSFileError(path: path, problem: "cannot be written (\(error.localizedDescription))")
        }
    }

    private func firstHTTPSOptionGiven(besidesCA: Bool) -> String? {
        if !httpsHost.isEmpty { return "--https-host" }
        if !besidesCA {
            if httpsCaOut != nil { return "--https-ca-out" }
            if httpsCa != nil { return "--https-ca" }
            if httpsCaKey != nil { return "--https-ca-key" }
        }
        if httpsCert != nil { return "--https-cert" }
        if httpsKey != nil { return "--https-key" }
        if httpsRequireClientAuth { return "--https-require-client-auth" }
        if httpsClientCa != nil { return "--https-client-ca" }
        return nil
    }
}
