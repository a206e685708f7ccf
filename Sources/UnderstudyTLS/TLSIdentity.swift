import Foundation
import SwiftASN1
import X509

/// What a TLS endpoint presents: its certificate, the chain up to (not including) a root, and
/// the private key of the certificate.
public struct TLSIdentity: Sendable {
    /// The end-entity certificate first, then any intermediates.
    public let certificateChain: [Certificate]
    /// The private key that matches `certificateChain[0]`.
    public let privateKey: Certificate.PrivateKey

    /// An identity whose key must match its leaf.
    public init(certificateChain: [Certificate], privateKey: Certificate.PrivateKey) throws {
        guard let leaf = certificateChain.first else { throw TLSSetupError.emptyCertificateChain }
        guard leaf.publicKey == privateKey.publicKey else { throw TLSSetupError.keyDoesNotMatchCertificate }
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }

    /// Reads a PEM certificate file (leaf first, then intermediates) and a PEM private key file,
    /// and checks that the key belongs to the leaf. Call it before serving: it reads files.
    public init(certificateFile: String, privateKeyFile: String) throws {
        let chain = try PEMFile.certificates(at: certificateFile)
        let key = try PEMFile.privateKey(at: privateKeyFile)
        guard chain[0].publicKey == key.publicKey else {
            throw TLSFileError(
                path: privateKeyFile, problem: "is not the private key of the certificate in \(certificateFile)")
        }
        self.certificateChain = chain
        self.privateKey = key
    }

    /// The leaf's subject, e.g. `CN=client,O=Example`.
    public var subject: String { certificateChain[0].subject.description }

    /// The chain as PEM text, leaf first.
    public func certificateChainPEM() throws -> String {
        try certificateChain.map { try $0.serializeAsPEM().pemString }.joined(separator: "\n") + "\n"
    }

    /// The private key as PEM text.
    public func privateKeyPEM() throws -> String {
        try privateKey.serializeAsPEM().pemString + "\n"
    }
}

/// Why a TLS set-up could not be built from values (file problems are ``TLSFileError``s).
public enum TLSSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The identity has no certificate.
    case emptyCertificateChain
    /// The private key is not the leaf certificate's.
    case keyDoesNotMatchCertificate
    /// The certificate with this subject cannot sign others.
    case notACertificateAuthority(subject: String)
    /// Mutual TLS was asked for without a CA to check clients against.
    case noClientCertificateAuthority

    public var description: String {
        switch self {
        case .emptyCertificateChain: return "the certificate chain is empty"
        case .keyDoesNotMatchCertificate: return "the private key does not belong to the certificate"
        case .notACertificateAuthority(let subject):
            return "the certificate \(subject) is not a certificate authority (no basicConstraints CA:TRUE)"
        case .noClientCertificateAuthority:
            return "requiring client certificates needs at least one client CA certificate to check them against"
        }
    }
}

extension Certificate {
    /// The DER bytes of the certificate.
    var derBytes: [UInt8] {
        get throws {
            var serializer = DER.Serializer()
            try serializer.serialize(self)
            return serializer.serializedBytes
        }
    }
}
