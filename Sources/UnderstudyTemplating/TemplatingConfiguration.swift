/// Which stubs get response templating, as WireMock's `--global-response-templating`,
/// `--local-response-templating` and `--disable-response-templating` say.
public enum TemplatingMode: String, Sendable, CaseIterable {
    /// No stub is templated.
    case disabled
    /// Only stubs with `"transformers": ["response-template"]` (WireMock 3.x's default).
    case local
    /// Every stub.
    case global
}

/// How a stub engine renders response templates.
public struct TemplatingConfiguration: Sendable, Equatable {
    /// Which stubs are templated: those that ask, all, or none.
    public var mode: TemplatingMode
    /// Keys `systemValue` may read (exact, or with `*` wildcards). None by default.
    public var permittedSystemKeys: [String]
    /// How many compiled templates to keep (WireMock's `--max-template-cache-entries`).
    public var maxCacheEntries: Int
    /// What `{{…}}` escapes: nothing, as in WireMock 3, unless WireMock 2's HTML escaping is asked for.
    public var escaping: TemplateEscaping
    /// Signs `{{jwt alg='RS256'}}` tokens; without one, RS256 renders an error and HS256 still works.
    public var rsaSigner: (any JWTRSASigner)?

    /// A configuration; the defaults are WireMock 3's.
    public init(
        mode: TemplatingMode = .local, permittedSystemKeys: [String] = [],
        maxCacheEntries: Int = TemplateCache.defaultCapacity, escaping: TemplateEscaping = .wiremock3,
        rsaSigner: (any JWTRSASigner)? = nil
    ) {
        self.mode = mode
        self.permittedSystemKeys = permittedSystemKeys
        self.maxCacheEntries = maxCacheEntries
        self.escaping = escaping
        self.rsaSigner = rsaSigner
    }

    /// Equal settings; signers compare by type (a signer holds no settings of its own).
    public static func == (lhs: TemplatingConfiguration, rhs: TemplatingConfiguration) -> Bool {
        lhs.mode == rhs.mode && lhs.permittedSystemKeys == rhs.permittedSystemKeys
            && lhs.maxCacheEntries == rhs.maxCacheEntries && lhs.escaping == rhs.escaping
            && lhs.rsaSigner.map { ObjectIdentifier(type(of: $0)) }
                == rhs.rsaSigner.map { ObjectIdentifier(type(of: $0)) }
    }
}
