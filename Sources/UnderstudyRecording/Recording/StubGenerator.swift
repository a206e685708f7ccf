import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyServer

/// Turns serve events (proxied traffic, or HAR entries) into stubs, as WireMock's snapshot does:
/// one stub per distinct request (method, URL, captured headers, body), matching on the URL
/// exactly; bodies inline when small text, in `__files` when large or binary; secrets redacted.
public struct StubGenerator: Sendable {
    /// What to record and how.
    public var spec: RecordSpec

    /// A generator for this specification.
    public init(spec: RecordSpec) {
        self.spec = spec
    }

    /// Response headers that describe this server or the old framing, never the API.
    static let droppedResponseHeaders: Set<String> = [
        "matched-stub-id", "matched-stub-name", "content-length", "transfer-encoding", "connection", "keep-alive"
    ]

    /// Stubs for the events the spec's filters accept, in the order first seen.
    public func stubs(from events: [ServeEvent]) -> RecordingResult {
        var report = RedactionReport()
        var groups: [(pattern: RequestPattern, events: [ServeEvent])] = []
        for event in events where spec.filters.accepts(event) {
            var request = event.request
            // A streamed request body over the capture limit was kept only in part: a pattern on
            // that part would never match the request again, so the stub matches any body.
            if event.subEvents.contains(where: { $0.type == SubEvent.Kind.proxyRequestBodyNotCaptured }) {
                request.body = Data()
            }
            let pattern = requestPattern(for: request, report: &report)
            if let i = groups.firstIndex(where: { $0.pattern == pattern }) {
                groups[i].events.append(event)
            } else {
                groups.append((pattern, [event]))
            }
        }
        var recorded: [RecordedStub] = []
        var uncaptured: [String] = []
        var scenarioCount = 0
        for var group in groups {
            let first = group.events[0].request
            let stem = RecordedNames.stem(
                method: first.method, path: first.browserProxyRequest ? first.host + first.path : first.path)
            // The same answer again in a row is one step, not another: a page polled ten times
            // with one answer is one stub, and 404, 200, 200, 404 is three steps.
            group.events = Self.collapsingRepeatedAnswers(group.events)
            guard spec.repeatsAsScenarios, group.events.count > 1 else {
                recorded.append(stub(group.pattern, group.events[0], stem: stem, report: &report))
                continue
            }
            // WireMock's chain: Started → name-2 → … → name-n, the last answer then repeating.
            scenarioCount += 1
            let scenario = "scenario-\(scenarioCount)-\(stem)"
            for (i, event) in group.events.enumerated() {
                var item = stub(group.pattern, event, stem: stem, report: &report)
                item.stub.scenarioName = scenario
                item.stub.requiredScenarioState = i == 0 ? scenarioStartedState : "\(scenario)-\(i + 1)"
                if i + 1 < group.events.count { item.stub.newScenarioState = "\(scenario)-\(i + 2)" }
                recorded.append(item)
            }
        }
        for item in recorded {
            if let note = Self.uncapturedNote(item.stub) { uncaptured.append("mappings/\(item.fileName): \(note)") }
        }
        return RecordingResult(stubs: recorded, redactions: report, uncapturedBodies: uncaptured)
    }

    static func collapsingRepeatedAnswers(_ events: [ServeEvent]) -> [ServeEvent] {
        var kept: [ServeEvent] = []
        for event in events {
            if let last = kept.last, last.response == event.response { continue }
            kept.append(event)
        }
        return kept
    }

    func requestPattern(for request: LoggedRequest, report: inout RedactionReport) -> RequestPattern {
        var pattern = RequestPattern(method: .token(request.method), url: .url(request.url))
        // Through a forward proxy, the host is part of what was asked (WireMock #1288 lost it).
        if request.browserProxyRequest {
            pattern.scheme = request.scheme
            pattern.host = .equalTo(request.host)
            pattern.port = request.port
        }
        let query = request.queryParameters
        let redactedQuery = query.map(\.name).filter(spec.redaction.redactsParameter)
        if !redactedQuery.isEmpty {
            // The URL holds a secret: match the path, and every other parameter by value.
            report.noteParameters(redactedQuery)
            pattern.url = .urlPath(request.path)
            pattern.queryParameters = Self.parameterPatterns(query, redaction: spec.redaction)
        }
        for name in request.headers.names where spec.redaction.redactsHeader(name) { report.noteHeader(name) }
        for capture in spec.captureHeaders {
            guard let value = request.headers.first(capture.name), !spec.redaction.redactsHeader(capture.name) else {
                continue
            }
            pattern.headers.append(
                NamedPattern(capture.name, .single(.equalTo(value, caseInsensitive: capture.caseInsensitive))))
        }
        let form = request.formParameters
        let redactedForm = form.map(\.name).filter(spec.redaction.redactsParameter)
        if !redactedForm.isEmpty {
            // The body holds a secret: match the other form fields by value instead of the body.
            report.noteParameters(redactedForm)
            pattern.formParameters = Self.parameterPatterns(form, redaction: spec.redaction)
        } else if !request.body.isEmpty, let body = bodyPattern(for: request, report: &report) {
            pattern.bodyPatterns = [body]
        }
        return pattern
    }

    /// `equalTo` for each parameter's value (all of them when repeated), leaving redacted ones out.
    static func parameterPatterns(_ parameters: [(name: String, values: [String])], redaction: RedactionPolicy)
        -> [NamedPattern<MultiValuePattern>]
    {
        parameters.filter { !redaction.redactsParameter($0.name) }.map { parameter in
            let values = parameter.values.map { StringValuePattern.equalTo($0) }
            return NamedPattern(parameter.name, values.count == 1 ? .single(values[0]) : .hasExactly(values))
        }
    }

    func bodyPattern(for request: LoggedRequest, report: inout RedactionReport) -> StringValuePattern? {
        let type = request.headers.first("Content-Type")
        let isText = RecordedBody.isText(
            request.body, contentType: type, contentEncoding: request.headers.first("Content-Encoding"))
        guard isText else { return .binaryEqualTo(request.body) }
        let text = request.bodyText
        switch spec.requestBodyPattern {
        case .equalTo(let caseInsensitive):
            return .equalTo(text, caseInsensitive: caseInsensitive)
        case .equalToXml:
            return xmlPattern(text) ?? .equalTo(text)
        case .equalToJson(let ignoreArrayOrder, let ignoreExtraElements):
            guard let json = try? JSONParser.parse(request.body) else { return .equalTo(text) }
            return jsonPattern(json, ignoreArrayOrder, ignoreExtraElements, report: &report) ?? .equalTo(text)
        case .automatic(let ignoreArrayOrder, let ignoreExtraElements, let caseInsensitive):
            if let json = RecordedBody.json(request.body, contentType: type),
                let pattern = jsonPattern(json, ignoreArrayOrder, ignoreExtraElements, report: &report)
            {
                return pattern
            }
            if RecordedBody.isXML(contentType: type), let pattern = xmlPattern(text) { return pattern }
            return .equalTo(text, caseInsensitive: caseInsensitive)
        }
    }

    private func jsonPattern(
        _ json: JSONValue, _ ignoreArrayOrder: Bool, _ ignoreExtraElements: Bool, report: inout RedactionReport
    ) -> StringValuePattern? {
        let (redacted, found) = spec.redaction.redactingJSON(
            json, with: .string(RedactionPolicy.requestFieldPlaceholder))
        report.noteFields(found)
        guard
            let equality = try? JSONEquality(
                expected: redacted, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        else {
            return nil
        }
        return .equalToJson(equality, writtenAsString: false)
    }

    private func xmlPattern(_ text: String) -> StringValuePattern? {
        try? StringValuePattern(json: ["equalToXml": .string(text)])
    }

    func stub(_ pattern: RequestPattern, _ event: ServeEvent, stem: String, report: inout RedactionReport)
        -> RecordedStub
    {
        let id = FastUUID.next()
        let short = RecordedNames.shortID(id)
        if let note = event.subEvents.first(where: { $0.type == SubEvent.Kind.proxyBodyNotCaptured }) {
            return uncapturedStub(pattern, event, note: note, id: id, stem: stem, short: short)
        }
        let response = event.response ?? LoggedResponse(status: 200)
        var headers: [NamedValues] = []
        for name in response.headers.names where !Self.droppedResponseHeaders.contains(name.lowercased()) {
            var values = response.headers.values(name)
            if spec.redaction.redactsHeader(name) {
                report.noteHeader(name)
                values = values.map { _ in RedactionPolicy.placeholder }
            }
            headers.append(NamedValues(name, values))
        }
        let type = response.headers.first("Content-Type")
        let isText = RecordedBody.isText(
            response.body, contentType: type, contentEncoding: response.headers.first("Content-Encoding"))
        var data = response.body
        if isText, let json = RecordedBody.json(data, contentType: type) {
            let (redacted, found) = spec.redaction.redactingJSON(json, with: .string(RedactionPolicy.placeholder))
            if !found.isEmpty {
                report.noteFields(found)
                data = JSONWriter.data(redacted)
            }
        } else if isText, RecordedBody.isForm(contentType: type) {
            let (redacted, found) = spec.redaction.redactingParameters(Substring(String(decoding: data, as: UTF8.self)))
            if !found.isEmpty {
                report.noteParameters(found)
                data = Data(redacted.utf8)
            }
        }
        var body: ResponseBody?
        var bodyFile: RecordedStub.BodyFile?
        if !data.isEmpty {
            let inline = isText ? data.count <= spec.textSizeThreshold : data.count <= spec.binarySizeThreshold
            if inline {
                body = isText ? .text(String(decoding: data, as: UTF8.self)) : .binary(data)
            } else {
                let name = "\(stem)-\(short).\(RecordedNames.fileExtension(contentType: type, isText: isText))"
                body = .file(name)
                bodyFile = RecordedStub.BodyFile(name: name, data: data)
            }
        }
        let definition = ResponseDefinition(status: response.status, headers: headers, body: body)
        let stub = StubMapping(
            id: id, name: stem, persistent: spec.persist ? true : nil, request: pattern, response: definition)
        return RecordedStub(stub: stub, fileName: "\(stem)-\(short).json", bodyFile: bodyFile)
    }

    /// The stub of an answer whose body was larger than the capture limit: replaying a cut body
    /// would pass for the real one, so the stub answers 500 and says what happened instead;
    /// its metadata keeps the real status and size.
    func uncapturedStub(
        _ pattern: RequestPattern, _ event: ServeEvent, note: SubEvent, id: UUID, stem: String, short: String
    ) -> RecordedStub {
        let status = event.response?.status ?? 0
        let size = note.data["bodyBytes"]?.numberValue?.intValue ?? 0
        let limit = note.data["limit"]?.numberValue?.intValue ?? 0
        let text = """
            Understudy could not record this response: \(event.request.method) \(event.request.url) answered \(status) with a \(size)-byte body, \
            over the capture limit of \(limit) bytes (the server's maxBodyBytes). Raise the limit and record again, or stub it by hand.
            """
        let definition = ResponseDefinition(
            status: 500, headers: [NamedValues("Content-Type", "text/plain; charset=utf-8")], body: .text(text))
        let metadata: JSONObject = [
            Self.uncapturedMetadataKey: [
                "request": .string("\(event.request.method) \(event.request.url)"), "status": .int(status),
                "bodyBytes": .int(size),
                "captureLimit": .int(limit)
            ]
        ]
        let stub = StubMapping(
            id: id, name: stem, persistent: spec.persist ? true : nil, metadata: metadata, request: pattern,
            response: definition)
        return RecordedStub(stub: stub, fileName: "\(stem)-\(short).json", bodyFile: nil)
    }

    /// The metadata key of a stub recorded without its body.
    public static let uncapturedMetadataKey = "understudyBodyNotCaptured"

    static func uncapturedNote(_ stub: StubMapping) -> String? {
        guard let note = stub.metadata?[uncapturedMetadataKey] else { return nil }
        let request = note["request"]?.stringValue ?? "a request"
        let status = note["status"]?.numberValue?.intValue ?? 0
        let size = note["bodyBytes"]?.numberValue?.intValue ?? 0
        let limit = note["captureLimit"]?.numberValue?.intValue ?? 0
        return
            "\(request) answered \(status) with \(size) bytes, over the capture limit of \(limit): the stub answers 500 saying so"
    }
}
