import Foundation

/// What ``StubEngine/stage(_:now:)`` worked out: the decision, or the part of the work that may
/// be slow, for the caller to run where slowness does no harm.
public enum StagedDecision: Sendable {
    /// A stub matched and its response needed nothing slow: serve this.
    case decided(ServeDecision)
    /// The rest of the work (a body file to read, or near misses and static files for a request no
    /// stub matched). Run it once, off any I/O thread, and serve what it returns.
    case pending(@Sendable () -> ServeDecision)
}

extension StubEngine {
    /// ``handle(_:consoleWidth:now:)`` in two stages, for a server that answers from its I/O threads:
    /// selecting a stub and building a response from the stub alone are done here; reading a body
    /// file and the near-miss search (which scans every stub) are left in `.pending`.
    ///
    /// The result, the journal and scenario state end up exactly as `handle` leaves them (the
    /// request is journaled before any file is read, as there); only where the work runs differs.
    public func stage(_ request: LoggedRequest, consoleWidth: Int? = nil, now: Date = Date()) -> StagedDecision {
        guard let stub = store.match(request, now: now) else {
            let width = consoleWidth ?? request.headers.first("X-WireMock-Console-Width").flatMap { Int($0) }
            return .pending { self.notMatched(request, consoleWidth: width, now: now) }
        }
        // Body files and templates can be slow (disk, JSONPath on a big body): leave them pending.
        if case .file = stub.response.body { return .pending { self.matchedDecision(stub, request: request, now: now) } }
        if templater.applies(to: stub.response) { return .pending { self.matchedDecision(stub, request: request, now: now) } }
        return .decided(matchedDecision(stub, request: request, now: now))
    }

    /// The response for a matched stub, journalled; the one place both `handle` and `stage` build it.
    func matchedDecision(_ stub: StubMapping, request: LoggedRequest, now: Date) -> ServeDecision {
        // Templates render before journalling so a rendering error goes in as a sub-event.
        let (decision, subEvents) = templatedDecision(for: stub, request: request, now: now)
        journal.record(ServeEvent(id: request.id, request: request, stub: stub, responseDefinition: stub.response, subEvents: subEvents))
        return decision
    }
}
