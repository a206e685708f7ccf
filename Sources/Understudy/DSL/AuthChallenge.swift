import UnderstudyCore

/// The `WWW-Authenticate` challenge a 401 stub sends.
///
/// With URLSession on Linux only a Basic challenge with a realm is handed to a session delegate
/// (and refused in-process); every other 401, Bearer and Digest included, reaches the caller with
/// its challenge, over both transports. The Authentication article lists what was measured.
public struct AuthChallenge: Sendable, Hashable {
    /// The `WWW-Authenticate` header value, e.g. `Basic realm="api"`. For Digest, the first
    /// challenge without its nonce, which is issued afresh for each response.
    public var headerValue: String
    /// Set for ``digest(realm:algorithms:qop:)``: the response then carries it as `digestChallenge`.
    public var digest: DigestChallenge?

    /// A challenge with this exact header value.
    public init(headerValue: String) {
        self.headerValue = headerValue
        self.digest = nil
    }

    /// RFC 7616's challenge, one `WWW-Authenticate: Digest` header per algorithm, each with a
    /// nonce issued for that response; a stub with `RequestPattern/digestAuth(_:_:realm:)`
    /// accepts the client's answer once per nonce count.
    public static func digest(
        realm: String, algorithms: [DigestAlgorithm] = [.md5], qop: [String] = ["auth"]
    ) -> AuthChallenge {
        let challenge = DigestChallenge(realm: realm, algorithms: algorithms, qop: qop)
        var result = AuthChallenge(
            headerValue: "Digest realm=\(quoted(realm)), qop=\(quoted(qop.joined(separator: ", "))), algorithm="
                + (algorithms.first ?? .md5).rawValue)
        result.digest = challenge
        return result
    }

    /// `Basic realm="<realm>"`.
    public static func basic(realm: String) -> AuthChallenge {
        AuthChallenge(headerValue: "Basic realm=\(quoted(realm))")
    }

    /// RFC 6750's challenge: `Bearer realm="<realm>"`, then `error`, `error_description` and
    /// `scope` when given, e.g. `Bearer realm="api", error="invalid_token"`.
    public static func bearer(
        realm: String, error: BearerError? = nil, description: String? = nil, scope: String? = nil
    ) -> AuthChallenge {
        var attributes = ["realm=\(quoted(realm))"]
        if let error { attributes.append("error=\(quoted(error.rawValue))") }
        if let description { attributes.append("error_description=\(quoted(description))") }
        if let scope { attributes.append("scope=\(quoted(scope))") }
        return AuthChallenge(headerValue: "Bearer " + attributes.joined(separator: ", "))
    }

    /// An RFC 9110 quoted-string, written the way the Digest challenge writes its own.
    private static func quoted(_ value: String) -> String { DigestChallenge.quoted(value) }
}
