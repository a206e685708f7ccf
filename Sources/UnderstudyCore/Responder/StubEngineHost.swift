/// Something whose stub engine answers requests: each of Understudy's hosts (`StubServer`,
/// `InProcessStubs`) is one. The transports that answer without a socket (the in-process
/// URLProtocol, `UnderstudyOpenAPITransport`'s `StubClientTransport`) take one, so they need
/// nothing of the test API above it.
///
/// Only this package's hosts conform: the engine is reached through `_engineAccess`, a token
/// only this package can make.
public protocol StubEngineHost: Sendable {
    /// True while the host plays a network that went away (`goOffline()`).
    var isOffline: Bool { get }
    /// Not API: the engine behind this host, for Understudy's own modules.
    ///
    /// Why a public requirement at all: a public protocol cannot have a `package` requirement,
    /// and what is written once for every host (queries, verification, the transports) needs
    /// the engine. The token has no public members and only this package can make one, so the
    /// engine stays out of the public API and no type outside the package can conform (as
    /// SwiftNIO's `Channel._channelCore`).
    var _engineAccess: _StubHostEngine { get }
}

/// Not API: the token behind `StubEngineHost._engineAccess`. Nothing outside Understudy's package
/// can make one or read it.
public struct _StubHostEngine: Sendable {
    package let engine: StubEngine
    /// What strict mode has reported for this host; one per host, made with it.
    package let strictModeLedger: StrictModeLedger
    /// An in-process host's online flag and requests in flight; nil for a server, whose
    /// connections are its own.
    package let connectivity: InProcessConnectivity?
    /// What the socketless transports ask for each request (every path goes to the stubs).
    package let responder: Responder

    /// - Parameter isOffline: whether the host plays offline now; by default, what
    ///   `connectivity` says (never, without one).
    package init(
        _ engine: StubEngine, connectivity: InProcessConnectivity? = nil, isOffline: (@Sendable () -> Bool)? = nil
    ) {
        self.engine = engine
        self.strictModeLedger = StrictModeLedger()
        self.connectivity = connectivity
        self.responder = Responder(engine: engine, isOffline: isOffline ?? { connectivity?.isOffline ?? false })
    }
}

extension StubEngineHost {
    /// The engine behind this host, for this package's modules.
    package var engine: StubEngine { _engineAccess.engine }
}
