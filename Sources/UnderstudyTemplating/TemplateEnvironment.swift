/// What a render may reach beyond the request: how `{{…}}` escapes, where `{{> name}}`
/// partials come from, and who signs `RS256` tokens for `jwt`.
public struct TemplateEnvironment: Sendable {
    /// What `{{…}}` escapes.
    public var escaping: TemplateEscaping
    /// Partials by name; without one, `{{> name}}` fails the render.
    public var partials: (any TemplatePartialSource)?
    /// RSA signing for `{{jwt alg='RS256' …}}`; `HS256` needs none.
    public var rsaSigner: (any JWTRSASigner)?

    /// An environment; by default WireMock 3's escaping, no partials and no RSA signer.
    public init(
        escaping: TemplateEscaping = .wiremock3, partials: (any TemplatePartialSource)? = nil,
        rsaSigner: (any JWTRSASigner)? = nil
    ) {
        self.escaping = escaping
        self.partials = partials
        self.rsaSigner = rsaSigner
    }
}

/// Where `{{> name}}` finds its templates (the stub engine reads them from `__files`).
public protocol TemplatePartialSource: Sendable {
    /// The partial called `name`, parsed; nil when there is none.
    func partial(named name: String) throws(TemplateError) -> Template?
}

/// RS256 signing (RSASSA-PKCS1-v1_5 with SHA-256) for the `jwt` helper. The templating module
/// signs `HS256` itself; RSA lives behind this seam so only the targets that want it compile a
/// crypto library (`UnderstudyJWT` has one; the `understudy` command installs it).
public protocol JWTRSASigner: Sendable {
    /// The signature of `message` with the PEM private key `privateKeyPEM` (PKCS#1 or PKCS#8).
    func signRS256(_ message: [UInt8], privateKeyPEM: String) throws -> [UInt8]
}
