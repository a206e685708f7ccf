import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate authority that issues the server's (and, for mutual TLS tests, clients')
/// certificates: generated at start, or read from the user's files so they trust it once.
///
/// ```swift
/// let authority = try CertificateAuthority.generate()
/// let identity = try authority.issueServerIdentity(hosts: ["api.test"])
/// try authority.pem.write(toFile: "ca.pem", atomically: true, encoding: .utf8)
/// ```
public struct CertificateAuthority: Sendable {
    /// The CA's self-signed certificate: what clients trust.
    public let certificate: Certificate
    private let privateKey: Certificate.PrivateKey

    /// A CA from a certificate and its key; the certificate must be a CA's.
    public init(certificate: Certificate, privateKey: Certificate.PrivateKey) throws {
        guard certificate.publicKey == privateKey.publicKey else { throw TLSSetupError.keyDoesNotMatchCertificate }
        guard Self.isAuthority(certificate) else {
            throw TLSSetupError.notACertificateAuthority(subject: certificate.subject.description)
        }
        self.certificate = certificate
        self.privateKey = privateKey
    }

    /// Reads the CA certificate and its private key from PEM files (`--https-ca`, `--https-ca-key`).
    /// Call it before serving: it reads files.
    public init(certificateFile: String, privateKeyFile: String) throws {
        let certificate = try PEMFile.certificates(at: certificateFile)[0]
        let key = try PEMFile.privateKey(at: privateKeyFile)
        guard certificate.publicKey == key.publicKey else {
            throw TLSFileError(
                path: privateKeyFile, problem: "is not the private key of the certificate in \(certificateFile)")
        }
        guard Self.isAuthority(certificate) else {
            throw TLSFileError(
                path: certificateFile, problem: "is not a CA certificate (no basicConstraints CA:TRUE)")
        }
        self.certificate = certificate
        self.privateKey = key
    }

    /// A new CA with a P-256 key, valid from an hour ago (for clock skew) for ten years.
    public static func generate(name: String = "Understudy Test CA") throws -> CertificateAuthority {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let subject = try DistinguishedName {
            CommonName(name)
            OrganizationName("Understudy")
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now - 3600, notValidAfter: now + 10 * 365 * 86400, issuer: subject, subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: key.publicKey)
            },
            issuerPrivateKey: key)
        return try CertificateAuthority(certificate: certificate, privateKey: key)
    }

    /// A server certificate for `127.0.0.1`, `::1` and `localhost` plus `hosts` (names or IP
    /// addresses), with a new P-256 key, valid for a year.
    public func issueServerIdentity(hosts: [String] = []) throws -> TLSIdentity {
        var names: [String] = []
        for host in ["localhost", "127.0.0.1", "::1"] + hosts where !names.contains(host) { names.append(host) }
        return try issue(
            commonName: "localhost",
            alternativeNames: names.map(Self.generalName), usage: .serverAuth)
    }

    /// A certificate for one host a forward proxy intercepts (`CN` and the only SAN: a DNS name,
    /// or an IP address), with a new P-256 key, valid for a year.
    public func issueInterceptionIdentity(host: String) throws -> TLSIdentity {
        try issue(commonName: host, alternativeNames: [Self.generalName(host)], usage: .serverAuth)
    }

    /// A client certificate (for mutual TLS) whose subject is `CN=commonName`, with a new P-256 key.
    public func issueClientIdentity(commonName: String) throws -> TLSIdentity {
        try issue(commonName: commonName, alternativeNames: [], usage: .clientAuth)
    }

    /// The CA certificate as PEM text, what `--https-ca-out` writes and `curl --cacert` reads.
    public var pem: String {
        get throws { try certificate.serializeAsPEM().pemString + "\n" }
    }

    /// The CA certificate as DER bytes, what `keytool -importcert` or a Security framework API takes.
    public var der: [UInt8] {
        get throws { try certificate.derBytes }
    }

    private func issue(
        commonName: String, alternativeNames: [GeneralName], usage: ExtendedKeyUsage.Usage
    ) throws -> TLSIdentity {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let now = Date()
        let authorityKeyID = try? certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now - 3600, notValidAfter: now + 365 * 86400, issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(commonName) },
            signatureAlgorithm: Self.signatureAlgorithm(for: certificate.publicKey),
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([usage])
                SubjectKeyIdentifier(hash: key.publicKey)
                if let authorityKeyID { AuthorityKeyIdentifier(keyIdentifier: authorityKeyID) }
                if !alternativeNames.isEmpty { SubjectAlternativeNames(alternativeNames) }
            },
            issuerPrivateKey: privateKey)
        return try TLSIdentity(certificateChain: [leaf], privateKey: key)
    }

    /// What a CA's key signs with: a user's CA may hold an RSA, P-384 or Ed25519 key.
    private static func signatureAlgorithm(for key: Certificate.PublicKey) -> Certificate.SignatureAlgorithm {
        if P256.Signing.PublicKey(key) != nil { return .ecdsaWithSHA256 }
        if P384.Signing.PublicKey(key) != nil { return .ecdsaWithSHA384 }
        if P521.Signing.PublicKey(key) != nil { return .ecdsaWithSHA512 }
        if Curve25519.Signing.PublicKey(key) != nil { return .ed25519 }
        return .sha256WithRSAEncryption
    }

    static func isAuthority(_ certificate: Certificate) -> Bool {
        guard case .isCertificateAuthority? = try? certificate.extensions.basicConstraints else { return false }
        return true
    }

    /// An IP address as the 4 or 16 bytes a certificate holds; anything else as a DNS name.
    private static func generalName(_ host: String) -> GeneralName {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) }))
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) }))
        }
        return .dnsName(host)
    }
}

extension CertificateAuthority {
    /// The CA's private key as PEM text: for keeping a generated CA to pass back later with
    /// `--https-ca-key`. Keep it private.
    public func privateKeyPEM() throws -> String {
        try privateKey.serializeAsPEM().pemString + "\n"
    }
}

extension CertificateAuthority {
    /// The CA certificates in a PEM file, for checking client certificates (mutual TLS): no key
    /// is needed. Each must be a CA's.
    public static func clientAuthorities(fromFile path: String) throws -> [Certificate] {
        let certificates = try PEMFile.certificates(at: path)
        for certificate in certificates where !isAuthority(certificate) {
            throw TLSFileError(
                path: path, problem: "holds \(certificate.subject), which is not a CA certificate (no CA:TRUE)")
        }
        return certificates
    }
}
