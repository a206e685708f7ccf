/// The error codes RFC 6750 §3.1 defines for a Bearer challenge's `error` attribute.
public enum BearerError: String, Sendable, Hashable, CaseIterable {
    /// The request is malformed (a missing or repeated parameter); RFC 6750 answers it with 400.
    case invalidRequest = "invalid_request"
    /// The token is expired, revoked, malformed or otherwise invalid: the usual 401.
    case invalidToken = "invalid_token"
    /// The token lacks the scope the resource needs; RFC 6750 answers it with 403.
    case insufficientScope = "insufficient_scope"
}
