/// The `WWW-Authenticate` challenge a 401 stub sends.
///
/// Only Basic is useful with URLSession on Linux: corelibs aborts the process for other
/// schemes once a delegate answers with a credential, and for any challenge without `realm=`.
public struct AuthChallenge: Sendable, Hashable {
    /// The `WWW-Authenticate` header value, e.g. `Basic realm="api"`.
    public var headerValue: String

    /// A challenge with this exact header value.
    public init(headerValue: String) {
        self.headerValue = headerValue
    }

    /// `Basic realm="<realm>"`.
    public static func basic(realm: String) -> AuthChallenge {
        AuthChallenge(headerValue: "Basic realm=\"\(realm)\"")
    }
}
