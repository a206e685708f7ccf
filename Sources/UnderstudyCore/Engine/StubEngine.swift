import Foundation
import Synchronization
import UnderstudyTemplating

/// One stub world: its stubs, its journal, its `__files` and its settings. Both transports
/// (the socket server and in-process interception) hand it requests and render what it decides,
/// so a stub behaves the same whichever way it is reached.
public final class StubEngine: Sendable {
    /// The stubs.
    public let store: StubStore
    /// The requests served.
    public let journal: RequestJournal
    /// Where `bodyFileName` and static files come from; nil when the world has no root folder.
    public let files: FilesDirectory?
    /// Response templating: which stubs are templated, and the compiled-template cache.
    public let templater: ResponseTemplater
    /// The gates this engine's held stubs wait at (``ResponseDefinition/gate``).
    public let gates = ResponseGates()
    /// Sends matched stubs' webhooks after their responses (once a sender is installed).
    public let webhooks = WebhookDispatcher()
    /// Message stubs, open WebSocket channels and the message journal.
    public let messages: MessageEngine
    private let settingsState: Mutex<GlobalSettings>
    private let contractState: Mutex<(any ContractChecker)?> = Mutex(nil)
    private let clockState: Mutex<ManualClock?> = Mutex(nil)
    /// Told of each answered request after the webhooks and the message stubs (``ServeListener``),
    /// once ``listen(_:)`` has added any: until then, completing a request takes no lock for them.
    private let addedListeners = Mutex<[any ServeListener]>([])
    private let hasAddedListeners = Atomic<Bool>(false)
    private let browserProxyingState = Atomic<Bool>(false)

    /// An engine; every part has a default.
    public init(
        store: StubStore = StubStore(), journal: RequestJournal = RequestJournal(), files: FilesDirectory? = nil,
        settings: GlobalSettings = GlobalSettings(),
        templating: TemplatingConfiguration = TemplatingConfiguration()
    ) {
        self.store = store
        self.journal = journal
        self.files = files
        self.templater = ResponseTemplater(templating)
        self.settingsState = Mutex(settings)
        self.messages = MessageEngine(templater: templater, files: files)
    }

    /// Adds a listener told of every request answered from now on, after those already there.
    public func listen(_ listener: any ServeListener) {
        addedListeners.withLock { $0.append(listener) }
        hasAddedListeners.store(true, ordering: .releasing)
    }

    /// The global delay settings.
    public var settings: GlobalSettings {
        get { settingsState.withLock { $0 } }
        set { settingsState.withLock { $0 = newValue } }
    }

    /// Whether the server in front of this engine acts as a forward proxy (`serve --proxy-mode`):
    /// then a proxy request no stub matches goes on to its host, unless
    /// ``GlobalSettings/proxyPassThrough`` is false. False by default.
    public var browserProxying: Bool {
        get { browserProxyingState.load(ordering: .relaxed) }
        set { browserProxyingState.store(newValue, ordering: .relaxed) }
    }

    /// The API contract requests and responses are checked against, and misses answered from;
    /// nil (the default) for none.
    public var contract: (any ContractChecker)? {
        get { contractState.withLock { $0 } }
        set { contractState.withLock { $0 = newValue } }
    }

    /// The clock stub delays fall due on: nil (the default) for real time, or a ``ManualClock``
    /// the test moves.
    public var clock: ManualClock? {
        get { clockState.withLock { $0 } }
        set { clockState.withLock { $0 = newValue } }
    }

    /// Fills in the journal entry of a decision: every transport calls it at the same moment, after
    /// any delay and gate, right before the client can see the end of the response.
    /// - Parameters:
    ///   - decision: the decision whose response went out.
    ///   - timing: how long each stage took, when measured.
    ///   - subEvents: what happened while the response went out (each server-sent event,
    ///     a client that left mid-stream), added to the entry's sub-events.
    public func complete(_ decision: ServeDecision, timing: ServeTiming? = nil, subEvents: [SubEvent] = []) {
        let response = LoggedResponse(
            status: decision.status, headers: decision.headers, body: decision.body, fault: decision.fault)
        var subEvents = subEvents
        if let context = decision.contract, decision.fault == nil, decision.stream == nil, let contract {
            let violations = contract.checkResponse(response, operation: context.operation)
            subEvents += violations.map(\.subEvent)
            journal.contractViolations.append(
                violations.map {
                    RecordedContractViolation(
                        eventID: decision.eventID, method: context.method, url: context.url, violation: $0)
                })
        }
        journal.complete(decision.eventID, response: response, timing: timing, subEvents: subEvents)
        // Listeners read the request from the journal entry (a webhook notes its outcome there anyway).
        webhooks.served(decision, response: response, engine: self)
        messages.served(decision, response: response, engine: self)
        if hasAddedListeners.load(ordering: .acquiring) {
            for listener in addedListeners.withLock({ $0 }) {
                listener.served(decision, response: response, engine: self)
            }
        }
    }

    /// - Parameter rendered: the response after templating, when the stub is templated.
    func decision(for stub: StubMapping, request: LoggedRequest, rendered: ResponseDefinition? = nil) -> ServeDecision {
        // The definition is read once: on the hot path a stub's response is a copy of a large struct.
        let definition = rendered ?? stub.response
        var decision = undecoratedDecision(for: stub, request: request, definition: definition, rendered: rendered)
        // A Digest challenge gets a fresh nonce on every response, so it is never prebuilt.
        if let challenge = definition.digestChallenge {
            for value in challenge.headerValues() { decision.headers.add("WWW-Authenticate", value) }
        }
        return decision
    }

    private func undecoratedDecision(
        for stub: StubMapping, request: LoggedRequest, definition: ResponseDefinition, rendered: ResponseDefinition?
    ) -> ServeDecision {
        if rendered == nil, let body = stub.prebuiltResponse.body {
            return ServeDecision(
                eventID: request.id, stub: stub, status: definition.status, statusMessage: definition.statusMessage,
                headers: stub.prebuiltResponse.headers, body: body, fault: definition.fault,
                delay: delay(for: definition),
                chunkedDribble: definition.chunkedDribbleDelay, stream: ResponseStream(definition), nearMisses: [],
                proxy: definition.proxy, gate: gate(holding: stub))
        }
        var headers = PrebuiltResponse.headers(of: definition)
        var status = definition.status
        var body = PrebuiltResponse.bytes(of: definition.body) ?? Data()
        if case .file(let name) = definition.body {
            do {
                guard let files else { throw FileAccessError.missing(name) }
                body = try files.read(name)
            } catch {
                // A broken file reference is the stub author's error: say so, loudly, as a 500.
                status = 500
                body = Data(String(describing: error).utf8)
                headers.set("Content-Type", "text/plain")
            }
        }
        headers.add("Matched-Stub-Id", stub.id.lowercasedString)
        if let name = stub.name { headers.add("Matched-Stub-Name", name) }
        return ServeDecision(
            eventID: request.id, stub: stub, status: status, statusMessage: definition.statusMessage, headers: headers,
            body: body, fault: definition.fault, delay: delay(for: definition),
            chunkedDribble: definition.chunkedDribbleDelay, stream: ResponseStream(definition),
            nearMisses: [], proxy: definition.proxy, gate: gate(holding: stub))
    }

    /// The gate the stub names, when this engine adopted it; looked up only for a stub naming one.
    func gate(holding stub: StubMapping) -> ResponseGate? {
        guard stub.prebuiltResponse.needs.contains(.gate), let id = stub.response.gate else { return nil }
        return gates.existing(id)
    }

    /// WireMock's rule: a stub's fixed delay replaces the global one; random delays add to it.
    func delay(for definition: ResponseDefinition) -> Duration {
        let global = settings
        var milliseconds = Double(definition.fixedDelayMilliseconds ?? global.fixedDelay ?? 0)
        if let distribution = definition.delayDistribution ?? global.delayDistribution {
            milliseconds += distribution.sampleMilliseconds()
        }
        return .delay(milliseconds: milliseconds)
    }

    /// - Parameter quickMisses: the near misses, already found by a caller that also made sure
    ///   no static file answers the request (``quickNotMatched(_:consoleWidth:now:)``).
    func notMatched(
        _ request: LoggedRequest, consoleWidth: Int?, now: Date, contractCheck: ContractRequestCheck? = nil,
        quickMisses: [NearMiss]? = nil
    ) -> ServeDecision {
        if request.browserProxyRequest, let passThrough = passThroughDecision(request) { return passThrough }
        let contractEvents = noteContractViolations(of: request, contractCheck)
        // An unmatched GET is served from __files when such a file exists.
        if quickMisses == nil, request.method == "GET", let files, let file = files.staticFile(forPath: request.path),
            let data = try? Data(contentsOf: file)
        {
            let definition = ResponseDefinition(status: 200, fromConfiguredStub: false)
            journal.record(
                ServeEvent(
                    id: request.id, request: request, stub: nil, responseDefinition: definition,
                    subEvents: contractEvents))
            var headers = HeaderFields()
            headers.add("Content-Type", MediaType.forFileExtension(file.pathExtension))
            return ServeDecision(
                eventID: request.id, stub: nil, status: 200, statusMessage: nil, headers: headers, body: data,
                fault: nil,
                delay: .zero, chunkedDribble: nil, nearMisses: [], proxy: nil)
        }
        let nearMisses = quickMisses ?? store.nearMisses(to: request)
        let report: String
        if let closest = nearMisses.first {
            report = DiffRenderer.render(closest, width: consoleWidth ?? DiffRenderer.defaultWidth)
        } else {
            report = DiffRenderer.noStubsMessage
        }
        let subEvent = SubEvent(
            type: SubEvent.Kind.requestNotMatched,
            data: ["status": 404, "contentType": "text/plain", "report": .string(report)])
        journal.record(
            ServeEvent(
                id: request.id, request: request, stub: nil, responseDefinition: ServeEvent.notMatchedResponse,
                subEvents: contractEvents + [subEvent]))
        var headers = HeaderFields()
        headers.add("Content-Type", "text/plain")
        return ServeDecision(
            eventID: request.id, stub: nil, status: 404, statusMessage: nil, headers: headers, body: Data(report.utf8),
            fault: nil,
            delay: .zero, chunkedDribble: nil, nearMisses: nearMisses, proxy: nil)
    }

    /// The 404 for a miss when answering it costs about as much as serving a stub, so an event
    /// loop may answer it in place; nil, having changed nothing, when any part could be slow: a
    /// contract to consult, a static file to look for past one `stat`, or a near-miss search
    /// that is not quick (``StubStore/quickNearMisses(to:limit:)``).
    func quickNotMatched(_ request: LoggedRequest, consoleWidth: Int?, now: Date) -> ServeDecision? {
        guard contract == nil else { return nil }
        // A request to pass through is proxied, which no quick answer can do.
        if request.browserProxyRequest, browserProxying { return nil }
        if request.method == "GET", let files, !files.certainlyHasNoStaticFile(forPath: request.path) { return nil }
        guard let misses = store.quickNearMisses(to: request) else { return nil }
        return notMatched(request, consoleWidth: consoleWidth, now: now, quickMisses: misses)
    }
}
