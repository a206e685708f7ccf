import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore
import UnderstudyJSON

/// Drift without a spec: each recorded request sent again to the live service, and the answer
/// compared with the recording by structure (status, content type, JSON shape), never by value.
/// The live answer goes through the recorder's ``RedactionPolicy`` before it is compared, and
/// what is reported holds no header values or body values, so no secret is printed or written.
public struct RecordingVerifier: Sendable {
    /// One recorded stub's outcome.
    public struct Outcome: Sendable, Equatable {
        /// The mapping file, or the stub's id for one added through the API.
        public var file: String
        /// The recorded request's method and path (no query: it may carry values).
        public var request: String
        /// How the live answer differs, one line each; empty when it agrees.
        public var differences: [String] = []
        /// Why it was not replayed (a fault, a proxy, a pattern that is not one request), if so.
        public var skipped: String?
        /// Remarks that are not differences, e.g. redacted fields sent as placeholders.
        public var notes: [String] = []
    }

    /// What ``RedactionPolicy`` the live answers go through; the recorder's by default.
    public var redaction: RedactionPolicy

    /// A verifier applying `redaction` to live answers.
    public init(redaction: RedactionPolicy = RedactionPolicy()) {
        self.redaction = redaction
    }

    /// Replays every stub to `target` (`http://host:port`, with an optional base path), adding
    /// `headers` (credentials, say: sent, never shown) to each request.
    public func verify(
        _ stubs: [(StubMapping, StubOrigin)], files: FilesDirectory?, target: URL, headers: HeaderFields = [:]
    ) async -> [Outcome] {
        await verify(stubs, files: files) { request in
            try await Self.send(request, to: target, adding: headers)
        }
    }

    /// Replays every stub through `send` and compares each answer with the recording.
    public func verify(
        _ stubs: [(StubMapping, StubOrigin)], files: FilesDirectory?,
        send: (ReplayRequest) async throws -> LoggedResponse
    ) async -> [Outcome] {
        var outcomes: [Outcome] = []
        for (stub, origin) in stubs {
            var outcome = Outcome(
                file: origin.filePath ?? "stub \(stub.id.lowercasedString)", request: "\(stub.request.method)")
            guard stub.response.fault == nil, stub.response.proxy == nil else {
                outcome.skipped = "it answers with a fault or a proxy, not a recorded response"
                outcomes.append(outcome)
                continue
            }
            let request: ReplayRequest
            do {
                request = try ReplayRequest(stub.request)
            } catch {
                outcome.skipped = error.reason
                outcomes.append(outcome)
                continue
            }
            outcome.request = "\(request.method) \(request.url.prefix { $0 != "?" })"
            if request.hasRedactedFields {
                outcome.notes.append("its body had redacted fields; they were sent as placeholders")
            }
            do {
                let live = try await send(request)
                outcome.differences = differences(recorded: stub.response, files: files, live: live)
            } catch {
                outcome.differences = ["the service did not answer: \(error)"]
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// How `live` differs from the recorded response in status, content type and JSON shape.
    public func differences(recorded: ResponseDefinition, files: FilesDirectory?, live: LoggedResponse) -> [String] {
        var result: [String] = []
        if recorded.status != live.status {
            result.append("status: recorded \(recorded.status), live \(live.status)")
        }
        let recordedType = Self.mediaType(recorded.header("Content-Type"))
        let liveType = Self.mediaType(live.headers.first("Content-Type"))
        if recordedType != liveType {
            result.append("content type: recorded \(recordedType ?? "none"), live \(liveType ?? "none")")
        }
        // A template's body is made per request; its shape is not the recording's to compare.
        guard !recorded.transformers.contains("response-template") else { return result }
        let recordedBody: Data
        switch recorded.body {
        case .text(let text): recordedBody = Data(text.utf8)
        case .json(let json): recordedBody = JSONWriter.data(json)
        case .binary(let data): recordedBody = data
        case .file(let name): recordedBody = (try? files?.read(name)) ?? Data()
        case nil: recordedBody = Data()
        }
        guard let old = Self.json(recordedBody, type: recordedType) else { return result }
        guard let new = Self.json(live.body, type: liveType) else {
            result.append("body: recorded JSON, live \(live.body.isEmpty ? "empty" : "not JSON")")
            return result
        }
        let (redacted, _) = redaction.redactingJSON(new, with: .string(RedactionPolicy.placeholder))
        result += JSONShapeDifference.differences(recorded: old, live: redacted).map { "body " + $0 }
        return result
    }

    /// A JSON body: by its content type, or any body that parses when no type is given.
    private static func json(_ data: Data, type: String?) -> JSONValue? {
        guard !data.isEmpty else { return nil }
        if let type, !(type.hasSuffix("/json") || type.hasSuffix("+json")) { return nil }
        return try? JSONParser.parse(data)
    }

    private static func mediaType(_ value: String?) -> String? {
        value?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// Sends one request with AsyncHTTPClient: redirects are answers, not followed; bodies come
    /// uncompressed (`Accept-Encoding: identity` unless `extra` says otherwise).
    static func send(_ request: ReplayRequest, to target: URL, adding extra: HeaderFields) async throws
        -> LoggedResponse
    {
        var base = target.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var outbound = HTTPClientRequest(url: base + request.url)
        outbound.method = HTTPMethod(rawValue: request.method)
        for field in request.headers where extra.first(field.name) == nil {
            outbound.headers.add(name: field.name, value: field.value)
        }
        for field in extra { outbound.headers.add(name: field.name, value: field.value) }
        if !outbound.headers.contains(name: "Accept-Encoding") {
            outbound.headers.add(name: "Accept-Encoding", value: "identity")
        }
        if !request.body.isEmpty { outbound.body = .bytes(request.body) }
        let client = AsyncHTTPProxyForwarder.client(readTimeout: .seconds(30))
        let response = try await client.execute(outbound, timeout: .seconds(60))
        var headers = HeaderFields()
        for (name, value) in response.headers { headers.add(name, value) }
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return LoggedResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
    }
}
