/// What serving a stub's response takes beyond sending its own bytes: the work a transport must
/// be able to do (wait, inject a fault, hold at a gate, proxy…) or that may be slow (templates,
/// body files). The engine compares it with a transport's ``Capabilities`` to decide whether,
/// and how, that transport can serve the stub.
public struct ResponseNeeds: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: UInt16

    /// Needs from their bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A wait before answering: the stub's own fixed or random delay, or a global one.
    public static let delay = ResponseNeeds(rawValue: 1 << 0)
    /// A fault instead of a response.
    public static let fault = ResponseNeeds(rawValue: 1 << 1)
    /// A body sent in timed chunks.
    public static let dribble = ResponseNeeds(rawValue: 1 << 2)
    /// Held at a ``ResponseGate`` until a test lets it go (or names one, registered or not).
    public static let gate = ResponseNeeds(rawValue: 1 << 3)
    /// Proxied to another server.
    public static let proxy = ResponseNeeds(rawValue: 1 << 4)
    /// Rendered as a response template.
    public static let template = ResponseNeeds(rawValue: 1 << 5)
    /// A body read from `__files` when served.
    public static let bodyFile = ResponseNeeds(rawValue: 1 << 6)
    /// A body that goes out over time: server-sent events or body chunks.
    public static let stream = ResponseNeeds(rawValue: 1 << 7)

    /// Everything a response can need.
    public static let all: ResponseNeeds = [.delay, .fault, .dribble, .gate, .proxy, .template, .bodyFile, .stream]
    /// Work that may be slow (disk, JSONPath over a big body): kept off an event loop.
    public static let slow: ResponseNeeds = [.template, .bodyFile]

    /// What a response needs on its own, whatever the engine's settings (no templating, no global
    /// delay): worked out once per stub, in ``PrebuiltResponse``.
    init(of definition: ResponseDefinition) {
        var needs: ResponseNeeds = []
        if (definition.fixedDelayMilliseconds ?? 0) != 0 || definition.delayDistribution != nil { needs.insert(.delay) }
        if definition.fault != nil { needs.insert(.fault) }
        if definition.chunkedDribbleDelay != nil { needs.insert(.dribble) }
        // The key alone counts: a stub naming a gate this engine does not have is still kept off
        // the fast path, as it always was.
        if definition.transformerParameters?[ResponseGate.parameterName] != nil { needs.insert(.gate) }
        if definition.proxy != nil { needs.insert(.proxy) }
        if case .file = definition.body { needs.insert(.bodyFile) }
        if definition.serverSentEvents != nil || definition.bodyChunks != nil { needs.insert(.stream) }
        self = needs
    }
}
