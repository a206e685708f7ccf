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
    public var mode: TemplatingMode
    /// Keys `systemValue` may read (exact, or with `*` wildcards). None by default.
    public var permittedSystemKeys: [String]
    /// How many compiled templates to keep.
    public var maxCacheEntries: Int

    public init(
        mode: TemplatingMode = .local, permittedSystemKeys: [String] = [],
        maxCacheEntries: Int = TemplateCache.defaultCapacity
    ) {
        self.mode = mode
        self.permittedSystemKeys = permittedSystemKeys
        self.maxCacheEntries = maxCacheEntries
    }
}
