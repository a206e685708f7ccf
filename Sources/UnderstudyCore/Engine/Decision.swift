/// What ``StubEngine/decide(_:capabilities:now:accepting:)`` decided for one request.
public enum Decision: Sendable {
    /// Serve this. The request is in the journal and its scenario has moved.
    case immediate(ServeDecision)
    /// Slow work (a body file, a template, or the near-miss search for a miss) left for the caller
    /// to run once, off any event loop; running it journals the request. The scenario has moved.
    case deferred(@Sendable () -> ServeDecision)
    /// A proxy stub selected from the request's head: stream the body to its upstream, then
    /// journal the whole request through the ``StreamedEntry``. The scenario has moved; nothing
    /// is journalled yet.
    case streamedProxy(ServeDecision, StreamedEntry)
    /// The transport cannot serve this request as asked: nothing changed at all (no journal
    /// entry, no scenario move), so the caller may hand it to a path that serves everything.
    case declined

    /// The decision to serve, running deferred work here on the caller's thread; nil when
    /// declined or streamed.
    public func run() -> ServeDecision? {
        switch self {
        case .immediate(let decision): return decision
        case .deferred(let work): return work()
        case .streamedProxy, .declined: return nil
        }
    }
}
