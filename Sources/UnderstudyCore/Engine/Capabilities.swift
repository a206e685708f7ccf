/// What a transport can do with a request at the moment it asks the engine for a decision.
/// ``StubEngine/decide(_:capabilities:now:accepting:)`` selects only stubs whose
/// ``ResponseNeeds`` the transport can render, so one rule serves every transport.
public struct Capabilities: Sendable {
    /// What the transport can render; a stub needing anything else is passed over.
    public var renders: ResponseNeeds
    /// What the selected stub must need (a streamed proxy requires `.proxy`); others are passed over.
    public var requires: ResponseNeeds = []
    /// True when slow work (``ResponseNeeds/slow``, or the near-miss search for a miss) is to be
    /// handed back as ``Decision/deferred(_:)`` for the caller to run off its event loop.
    public var defersSlowWork = false
    /// False when a request no admitted stub matches is ``Decision/declined`` instead of answered
    /// with a 404 (or a static file): the caller has another path for it.
    public var answersMisses = true
    /// With ``answersMisses`` false: still answer a miss whose 404 is as cheap as a stub's answer
    /// (no contract, no static file past one `stat`, a quick near-miss search), and decline the rest.
    public var answersQuickMisses = false
    /// True when only the request's head has arrived: the stub must be selected whatever the body,
    /// and the decision is ``Decision/streamedProxy(_:_:)``, journalled once the body has ended.
    public var headOnly = false
    /// True when the caller may wait for a round trip to shared scenario states
    /// (``SharedScenarioStates``): it runs off any event loop. Otherwise a request whose stub
    /// names a shared scenario is ``Decision/declined`` so the caller can decide it where it may wait.
    public var waitsForSharedState = false
    /// Width of the not-matched diff; nil for the request's `X-WireMock-Console-Width` or the default.
    public var consoleWidth: Int? = nil

    /// What a transport can render and must have, and how it wants slow work and misses.
    public init(
        renders: ResponseNeeds, requires: ResponseNeeds = [], defersSlowWork: Bool = false, answersMisses: Bool = true,
        headOnly: Bool = false, consoleWidth: Int? = nil
    ) {
        self.renders = renders
        self.requires = requires
        self.defersSlowWork = defersSlowWork
        self.answersMisses = answersMisses
        self.headOnly = headOnly
        self.consoleWidth = consoleWidth
    }

    /// Renders everything and does the slow work inline: for a caller off any event loop
    /// (in-process interception, the admin-sized or large-body server path, tests).
    public static let inline: Capabilities = {
        var capabilities = Capabilities(renders: .all)
        capabilities.waitsForSharedState = true
        return capabilities
    }()
    /// Renders everything, handing slow work back as ``Decision/deferred(_:)``: for a server
    /// deciding on its event loop.
    public static let eventLoop = Capabilities(renders: .all, defersSlowWork: true)
    /// Renders nothing beyond a stub's own bytes, and answers no miss: a fast path that serves
    /// the common request on the spot or leaves everything untouched.
    public static let atOnce = Capabilities(renders: [], answersMisses: false)
    /// ``atOnce``, answering quick misses too: for a fast path that can write a 404 without a stub.
    public static let atOnceWithQuickMisses: Capabilities = {
        var capabilities = Capabilities.atOnce
        capabilities.answersQuickMisses = true
        return capabilities
    }()
    /// From a request's head alone, a proxy stub whose upstream the body can stream to while it
    /// arrives (no fault, no template: nothing of it reads the body).
    public static let streamingHead = Capabilities(
        renders: ResponseNeeds.all.subtracting([.fault, .template]), requires: .proxy, answersMisses: false,
        headOnly: true)

    /// True when a stub needing `needs` can be served under these capabilities.
    func admits(_ needs: ResponseNeeds) -> Bool {
        needs.isSubset(of: renders) && requires.isSubset(of: needs)
    }
}
