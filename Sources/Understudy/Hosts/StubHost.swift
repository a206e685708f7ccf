import Foundation
import UnderstudyCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stub world a test talks to: a real server (``StubServer``) or in-process interception
/// (``InProcessStubs``). Both share the engine's stubs, journal, near misses and verification,
/// so a test reads the same whichever transport runs it.
///
/// Only Understudy's hosts conform: the engine behind a host is reached through
/// `_engineAccess`, a token only this package can make (see ``StubEngineHost``). `isOffline`,
/// true between ``goOffline()`` and ``goOnline()``, comes from there too.
public protocol StubHost: StubEngineHost {
    /// Where requests go: `http://127.0.0.1:<port>` or `http://<uuid>.understudy.invalid`.
    var baseURL: URL { get }
    /// A session routed to this host, safe for 401 challenges (it always answers them).
    var session: URLSession { get }
    /// Which transport this host is.
    var transport: StubTransport { get }
    /// Back to the start: stubs from the root folder only (none without one), empty journal,
    /// every scenario `Started`.
    func reset()
    /// Plays a network that went away: open connections and requests in flight are dropped,
    /// new requests fail (server: reset connections, `URLError(.networkConnectionLost)`;
    /// in-process: `URLError(.notConnectedToInternet)`) and reach neither stubs nor journal.
    func goOffline() async
    /// Serves again after ``goOffline()``.
    func goOnline() async
    /// Stops serving for good and opens every gate: the server stops (requests in flight
    /// finish first, within the grace period), in-process requests fail with
    /// `URLError(.cannotFindHost)`. `withStubServer`, `withInProcessStubs`, `withStubs` and the
    /// test traits call it for you.
    func shutdown() async throws
}

/// A path given to ``StubHost/url(_:)`` that does not make a URL on the host's base URL.
public struct InvalidStubURL: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path and query as given.
    public var path: String
    /// The host's base URL.
    public var baseURL: URL

    /// Which path, on which host, and what a valid one looks like.
    public var description: String {
        "Cannot make a URL from \(baseURL.absoluteString) and \"\(path)\": give a path that starts with / and is percent-encoded where needed, e.g. \"/search?q=a%20b\"."
    }
}

extension StubHost {
    /// `baseURL` followed by `pathAndQuery`, e.g. `host.url("/timeline?page=2")`.
    /// - Throws: ``InvalidStubURL`` when `pathAndQuery` does not start with `/` or does not make a URL.
    public func url(_ pathAndQuery: String) throws -> URL {
        guard pathAndQuery.hasPrefix("/"), let url = URL(string: baseURL.absoluteString + pathAndQuery) else {
            throw InvalidStubURL(path: pathAndQuery, baseURL: baseURL)
        }
        return url
    }

    /// Adds a stub; the newest stub wins among equal priorities (WireMock's rule).
    @discardableResult
    public func stub(_ pattern: RequestPattern, _ response: ResponseDefinition, priority: Int? = nil) -> StubHandle {
        let mapping = StubMapping(priority: priority, request: pattern, response: response)
        engine.adoptGate(of: response)
        // A fresh id cannot collide, so the store never refuses it.
        try? engine.store.add(mapping)
        return StubHandle(engine: engine, ids: [mapping.id])
    }

    /// Adds a stub given in full (its id, name, priority, scenario …).
    /// - Throws: `MappingError` 109 when a stub with that id exists.
    @discardableResult
    public func stub(_ mapping: StubMapping) throws -> StubHandle {
        engine.adoptGate(of: mapping.response)
        try engine.store.add(mapping)
        return StubHandle(engine: engine, ids: [mapping.id])
    }

    /// Adds a stub written as WireMock JSON, e.g. a mapping file's content.
    /// - Throws: `MappingError` in WireMock's error shape.
    @discardableResult
    public func stub(json: String) throws -> StubHandle {
        try stub(StubMapping(jsonText: json))
    }

    /// Answers successive matching requests with successive responses; then the last one
    /// repeats, or with `.thenFail` later requests match nothing (404 and a near-miss report).
    ///
    /// Built as a WireMock scenario (one stub per step, `requiredScenarioState` and
    /// `newScenarioState`), so it also exists as JSON and `reset()` restarts it.
    /// An empty sequence adds nothing.
    @discardableResult
    public func stub(
        _ pattern: RequestPattern, sequence responses: [ResponseDefinition], _ ending: SequenceEnding = .thenRepeatLast,
        priority: Int? = nil
    ) -> StubHandle {
        let stubs = StubSequence.mappings(pattern, responses, priority: priority, ending: ending)
        for response in responses { engine.adoptGate(of: response) }
        // Fresh ids: the store cannot refuse them.
        try? engine.store.addInOrder(stubs.map { ($0, StubOrigin.api) })
        return StubHandle(engine: engine, ids: stubs.map(\.id))
    }

    /// Every stub, in the order requests are matched against them (priority, then newest first).
    public var stubs: [StubMapping] {
        engine.store.stubs
    }

    /// What was served, oldest first: each request with the stub it matched and, once given,
    /// the response (a delayed or held response shows `response == nil` until it is due).
    public var serveEvents: [ServeEvent] {
        engine.journal.events
    }

    /// Requests received that match `pattern`, oldest first.
    public func requests(matching pattern: RequestPattern) -> [LoggedRequest] {
        engine.journal.requests(matching: pattern)
    }

    /// Every request received, oldest first.
    public var receivedRequests: [LoggedRequest] {
        engine.journal.events.map(\.request)
    }

    /// Requests no stub matched, oldest first.
    public var unmatchedRequests: [LoggedRequest] {
        engine.journal.unmatchedEvents.map(\.request)
    }

    /// Checks how many requests matched `pattern`.
    /// - Throws: ``VerificationError`` with the count, the requests received and the near-miss diff.
    public func verify(_ pattern: RequestPattern, _ count: VerificationCount = .atLeast(1)) throws {
        try VerificationError.check(pattern, count, in: receivedRequests)
    }

    /// Waits, without polling, until at least `count` requests match `pattern`; returns them.
    /// Requests are journalled when they arrive, before any delay, so this returns while a
    /// delayed response is still pending.
    /// - Throws: ``VerificationError`` when `timeout` passes first.
    @discardableResult
    public func waitForRequests(matching pattern: RequestPattern, count: Int = 1, timeout: Duration = .seconds(5))
        async throws -> [LoggedRequest]
    {
        do {
            return try await JournalWait.until(engine.journal, has: count, matching: pattern, timeout: timeout)
        } catch is JournalWait.TimedOut {
            let received = receivedRequests
            let matched = received.filter { pattern.matches(MatchContext(request: $0)) }.count
            throw VerificationError(
                summary:
                    "Timed out after \(timeout) waiting for \(count) request\(count == 1 ? "" : "s") matching the pattern; received \(matched).",
                pattern: pattern, matchedCount: matched, received: received)
        }
    }
}
