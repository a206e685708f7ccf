import Foundation
import X509

/// Reads certificates and private keys from PEM files, with errors that name the file.
enum PEMFile {
    /// Every certificate in the file, in order (a leaf first, then its chain).
    static func certificates(at path: String) throws -> [Certificate] {
        let text = try contents(of: path)
        let blocks = pemBlocks(in: text, label: "CERTIFICATE")
        guard !blocks.isEmpty else {
            throw TLSFileError(path: path, problem: "holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return try blocks.map { block in
            do {
                return try Certificate(pemEncoded: block)
            } catch {
                throw TLSFileError(path: path, problem: "has a certificate that cannot be parsed (\(error))")
            }
        }
    }

    /// The one private key in the file (PKCS #8, SEC 1 EC or PKCS #1 RSA).
    static func privateKey(at path: String) throws -> Certificate.PrivateKey {
        let text = try contents(of: path)
        guard text.contains("PRIVATE KEY-----") else {
            throw TLSFileError(path: path, problem: "holds no PEM private key (-----BEGIN PRIVATE KEY-----)")
        }
        if text.contains("ENCRYPTED PRIVATE KEY") {
            throw TLSFileError(path: path, problem: "holds an encrypted private key; give an unencrypted one")
        }
        do {
            return try Certificate.PrivateKey(pemEncoded: text)
        } catch {
            throw TLSFileError(path: path, problem: "has a private key that cannot be parsed (\(error))")
        }
    }

    private static func contents(of path: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw TLSFileError(path: path, problem: "cannot be read (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TLSFileError(path: path, problem: "is not PEM text (not UTF-8; DER files are not accepted)")
        }
        return text
    }

    /// The `-----BEGIN label-----` … `-----END label-----` blocks, markers included.
    private static func pemBlocks(in text: String, label: String) -> [String] {
        let begin = "-----BEGIN \(label)-----"
        let end = "-----END \(label)-----"
        var blocks: [String] = []
        var rest = text[...]
        while let start = rest.range(of: begin), let stop = rest[start.upperBound...].range(of: end) {
            blocks.append(String(rest[start.lowerBound..<stop.upperBound]))
            rest = rest[stop.upperBound...]
        }
        return blocks
    }
}
