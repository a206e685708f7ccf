import Crypto
import Foundation
import Testing
import UnderstudyJSON
import UnderstudyJWT
import UnderstudyTemplating
import _CryptoExtras

/// `{{jwt alg='RS256' privateKey=…}}` with the swift-crypto signer, checked with the public key.
@Suite struct RS256SigningTests {
    static func base64URLDecode(_ text: Substring) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.utf8.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard)
    }

    @Test func anRS256TokenVerifiesWithThePublicKey() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let template = try Template("{{jwt alg='RS256' privateKey=pem kid='key-1' sub='ann'}}")
        let token = try template.render(
            context: ["pem": .string(key.pemRepresentation)],
            environment: TemplateEnvironment(rsaSigner: CryptoRSASigner()))
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        let header = try JSONParser.parse(String(decoding: try #require(Self.base64URLDecode(parts[0])), as: UTF8.self))
        #expect(header["alg"] == "RS256")
        #expect(header["kid"] == "key-1")
        let payload = try JSONParser.parse(
            String(decoding: try #require(Self.base64URLDecode(parts[1])), as: UTF8.self))
        #expect(payload["sub"] == "ann")
        let signature = _RSA.Signing.RSASignature(rawRepresentation: try #require(Self.base64URLDecode(parts[2])))
        let signed = Data("\(parts[0]).\(parts[1])".utf8)
        #expect(key.publicKey.isValidSignature(signature, for: SHA256.hash(data: signed), padding: .insecurePKCS1v1_5))
    }

    @Test func aBadKeyIsReportedInTheOutput() throws {
        let output = try Template("{{jwt alg='RS256' privateKey='not a key'}}").render(
            context: [:], environment: TemplateEnvironment(rsaSigner: CryptoRSASigner()))
        #expect(output.hasPrefix("[ERROR: jwt: could not sign with the RS256 key"))
    }

    @Test func hs256MatchesSwiftCryptosHMAC() throws {
        let token = try Template("{{jwt secret='k3y'}}").render(context: [:])
        let parts = token.split(separator: ".")
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data("\(parts[0]).\(parts[1])".utf8), using: SymmetricKey(data: Data("k3y".utf8)))
        #expect(Self.base64URLDecode(parts[2]) == Data(mac))
    }
}
