import Foundation
import UnderstudyCore
import UnderstudyServer

/// How recorded or snapshotted traffic becomes stubs: WireMock's `RecordSpec`.
public struct RecordSpec: Sendable {
    /// Where `recordings/start` proxies to; unused by snapshots.
    public var targetBaseURL: String?
    /// Which serve events become stubs.
    public var filters: RecordFilters
    /// Request headers to match on, with whether the match ignores case.
    public var captureHeaders: [(name: String, caseInsensitive: Bool)]
    /// How recorded request bodies are matched.
    public var requestBodyPattern: RequestBodyPatternSpec
    /// Bodies up to this many bytes of text stay inline in the stub; longer ones go to `__files`.
    public var textSizeThreshold: Int
    /// Binary bodies up to this many bytes stay inline (base64); longer ones go to `__files`.
    public var binarySizeThreshold: Int
    /// When true, the stubs are written to `mappings/` (and bodies to `__files/`).
    public var persist: Bool
    /// When true, identical requests answered differently become a scenario that replays the
    /// answers in order; when false, the first answer is kept.
    public var repeatsAsScenarios: Bool
    /// What `stop` and `snapshot` answer: whole stubs or their ids.
    public var outputFormat: OutputFormat
    /// Headers and JSON fields that must never reach a stub or a file.
    public var redaction: RedactionPolicy

    /// `FULL` (`{"mappings":[…]}`) or `IDS` (`{"ids":[…]}`).
    public enum OutputFormat: String, Sendable {
        /// Stubs in full.
        case full = "FULL"
        /// Only the ids of the stubs.
        case ids = "IDS"
    }

    /// WireMock's defaults: text bodies over 10 KiB and every binary body go to files; repeats
    /// become scenarios; stubs are persisted.
    public init(
        targetBaseURL: String? = nil, filters: RecordFilters = RecordFilters(),
        captureHeaders: [(name: String, caseInsensitive: Bool)] = [],
        requestBodyPattern: RequestBodyPatternSpec = .automatic(
            ignoreArrayOrder: true, ignoreExtraElements: true, caseInsensitive: false),
        textSizeThreshold: Int = 10 * 1024, binarySizeThreshold: Int = 0, persist: Bool = true,
        repeatsAsScenarios: Bool = true,
        outputFormat: OutputFormat = .full, redaction: RedactionPolicy = RedactionPolicy()
    ) {
        self.targetBaseURL = targetBaseURL
        self.filters = filters
        self.captureHeaders = captureHeaders
        self.requestBodyPattern = requestBodyPattern
        self.textSizeThreshold = textSizeThreshold
        self.binarySizeThreshold = binarySizeThreshold
        self.persist = persist
        self.repeatsAsScenarios = repeatsAsScenarios
        self.outputFormat = outputFormat
        self.redaction = redaction
    }
}

/// Which serve events a recording or snapshot turns into stubs.
public struct RecordFilters: Sendable {
    /// Only requests whose path matches (whole-string regex).
    public var urlPathPattern: RegexPattern?
    /// Only this method (`ANY` or nil for all).
    public var method: String?
    /// Only these serve events (snapshot).
    public var ids: [UUID]?
    /// Also events that were not proxied (WireMock's `allowNonProxied`).
    public var allowNonProxied: Bool
    /// Only requests to these hosts (names, `*` for any run of characters: `*.example.com`);
    /// nil for every host. For a forward proxy's recording (`record --proxy-mode --hosts`).
    public var hosts: [String]?

    /// Filters by path pattern, method, serve-event ids and hosts; `allowNonProxied` also takes
    /// unproxied requests.
    public init(
        urlPathPattern: RegexPattern? = nil, method: String? = nil, ids: [UUID]? = nil, allowNonProxied: Bool = false,
        hosts: [String]? = nil
    ) {
        self.urlPathPattern = urlPathPattern
        self.method = method
        self.ids = ids
        self.allowNonProxied = allowNonProxied
        self.hosts = hosts
    }

    func accepts(_ event: ServeEvent) -> Bool {
        if let ids, !ids.contains(event.id) { return false }
        if let hosts, !Self.host(event.request.host, isAmong: hosts) { return false }
        if let method, method != "ANY", method != event.request.method { return false }
        if let urlPathPattern, !urlPathPattern.matches(event.request.path) { return false }
        if !allowNonProxied, event.responseDefinition.proxy == nil { return false }
        // A body that broke off mid-way is no answer to replay.
        // Nor an answer to a request whose body broke off (or was still arriving): the upstream answered another request.
        if event.subEvents.contains(where: {
            $0.type == SubEvent.Kind.proxyBodyBroken || $0.type == SubEvent.Kind.proxyRequestBodyBroken
        }) {
            return false
        }
        return event.response != nil
    }

    static func host(_ host: String, isAmong patterns: [String]) -> Bool {
        patterns.contains { ProxyTargetRules.Rule.hostPattern($0.lowercased()).matches(host) }
    }
}

/// How a recorded request body is matched.
public enum RequestBodyPatternSpec: Sendable, Equatable {
    /// `equalToJson` for JSON, `equalToXml` for XML, `equalTo` for other text, `binaryEqualTo` for bytes.
    case automatic(ignoreArrayOrder: Bool, ignoreExtraElements: Bool, caseInsensitive: Bool)
    /// `equalTo`, optionally ignoring case.
    case equalTo(caseInsensitive: Bool)
    /// `equalToJson` with these options.
    case equalToJson(ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    /// `equalToXml`.
    case equalToXml
}
