/// `digestChallenge`, our extension to WireMock's response: one RFC 7616 `WWW-Authenticate:
/// Digest` header per algorithm, each with a nonce issued afresh for every response, so a client
/// can answer it and a stub with ``DigestCredentials`` can check the answer.
public struct DigestChallenge: Sendable, Hashable {
    /// The realm the challenge names.
    public var realm: String
    /// One challenge each, in this order (RFC 7616 asks for the preferred first).
    public var algorithms: [DigestAlgorithm]
    /// `auth`, `auth-int` or both (sent as one comma-separated `qop`).
    public var qop: [String]
    /// Sent back unchanged by clients; not checked.
    public var opaque: String?

    /// MD5 alone by default: the one algorithm every Digest client knows (curl, httpx, requests,
    /// OkHttp), where some take only the first or the last of several challenges.
    public init(realm: String, algorithms: [DigestAlgorithm] = [.md5], qop: [String] = ["auth"], opaque: String? = nil)
    {
        self.realm = realm
        self.algorithms = algorithms
        self.qop = qop
        self.opaque = opaque
    }

    /// The header values for one response, with a fresh nonce from `nonces`.
    func headerValues(nonces: DigestNonceBook = .shared) -> [String] {
        let nonce = nonces.issue()
        return algorithms.map { algorithm in
            var attributes = [
                "realm=" + Self.quoted(realm), "qop=" + Self.quoted(qop.joined(separator: ", ")),
                "algorithm=" + algorithm.rawValue, "nonce=" + Self.quoted(nonce)
            ]
            if let opaque { attributes.append("opaque=" + Self.quoted(opaque)) }
            return "Digest " + attributes.joined(separator: ", ")
        }
    }

    /// An RFC 9110 quoted-string: `"` and `\` escaped with a backslash (every challenge uses it).
    package static func quoted(_ value: String) -> String {
        var escaped = "\""
        for character in value {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "\""
    }
}
