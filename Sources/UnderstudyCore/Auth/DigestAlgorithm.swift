import UnderstudyTemplating

/// An RFC 7616 Digest algorithm: the hash, and whether it is the `-sess` variant (which folds
/// the nonces into the user's hash).
public enum DigestAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// MD5, the default.
    case md5 = "MD5"
    /// MD5 with a session key.
    case md5Session = "MD5-sess"
    /// SHA-256.
    case sha256 = "SHA-256"
    /// SHA-256 with a session key.
    case sha256Session = "SHA-256-sess"

    /// The algorithm named in a header or a mapping, compared case-insensitively as RFC 7616 asks.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = match
    }

    var isSession: Bool { self == .md5Session || self == .sha256Session }

    /// The lower-case hex hash of `text`'s UTF-8 bytes.
    func hex(_ text: String) -> String { hex(bytes: Array(text.utf8)) }

    /// The lower-case hex hash of `bytes`.
    func hex(bytes: [UInt8]) -> String {
        let digest: [UInt8]
        switch self {
        case .md5, .md5Session: digest = MD5.hash(bytes)
        case .sha256, .sha256Session: digest = understudySHA256(bytes)
        }
        return Self.hexDigits(digest)
    }

    static func hexDigits(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
