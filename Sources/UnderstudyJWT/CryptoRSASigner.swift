import Crypto
import UnderstudyTemplating
import _CryptoExtras

/// RS256 signing for the `jwt` template helper, with swift-crypto: hand one to
/// `TemplatingConfiguration.rsaSigner` to enable `{{jwt alg='RS256' privateKey='…'}}`.
///
/// A module of its own so that only the targets that want RSA compile BoringSSL; the `understudy`
/// command installs it.
public struct CryptoRSASigner: JWTRSASigner {
    /// A signer; it holds no state.
    public init() {}

    /// RSASSA-PKCS1-v1_5 with SHA-256 (what JWS calls RS256), with a PEM private key of 2,048 bits or more.
    public func signRS256(_ message: [UInt8], privateKeyPEM: String) throws -> [UInt8] {
        let key = try _RSA.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
        let signature = try key.signature(for: SHA256.hash(data: message), padding: .insecurePKCS1v1_5)
        return Array(signature.rawRepresentation)
    }
}
