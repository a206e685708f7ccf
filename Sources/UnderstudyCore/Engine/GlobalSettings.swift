import UnderstudyJSON

/// WireMock's global settings: a delay for every response, whether a forward proxy passes
/// unmatched requests through, and free-form extensions.
public struct GlobalSettings: Sendable, Equatable {
    /// Milliseconds added before every response.
    public var fixedDelay: Int?
    /// A random delay added before every response.
    public var delayDistribution: DelayDistribution?
    /// Free-form settings, kept as given.
    public var extended: JSONObject?
    /// Whether a server in proxy mode sends requests no stub matches on to the host they were
    /// meant for (WireMock's `proxyPassThrough`); nil means yes.
    public var proxyPassThrough: Bool?

    /// Settings; by default no delay, and unmatched proxy requests passed through.
    public init(
        fixedDelay: Int? = nil, delayDistribution: DelayDistribution? = nil, extended: JSONObject? = nil,
        proxyPassThrough: Bool? = nil
    ) {
        self.fixedDelay = fixedDelay
        self.delayDistribution = delayDistribution
        self.extended = extended
        self.proxyPassThrough = proxyPassThrough
    }

    /// `{"fixedDelay":…,"delayDistribution":{…},"extended":{…}}`, empty fields left out.
    public var json: JSONValue {
        var object = JSONObject()
        if let fixedDelay { object["fixedDelay"] = .int(fixedDelay) }
        if let delayDistribution { object["delayDistribution"] = delayDistribution.json }
        if let extended, !extended.isEmpty { object["extended"] = .object(extended) }
        if let proxyPassThrough { object["proxyPassThrough"] = .bool(proxyPassThrough) }
        return .object(object)
    }

    /// Reads a bare settings object or one wrapped as `{"settings":{…}}`.
    public init(json value: JSONValue) throws(MappingError) {
        var value = value
        if let inner = value["settings"], inner.objectValue != nil { value = inner }
        let reader = try FieldReader(value, at: "")
        self.fixedDelay = try reader.int("fixedDelay")
        if let distribution = reader.value("delayDistribution") {
            self.delayDistribution = try ResponseDefinitionDecoder.distribution(distribution, at: "/delayDistribution")
        }
        self.extended = try reader.objectValue("extended")
        self.proxyPassThrough = try reader.bool("proxyPassThrough")
    }
}
