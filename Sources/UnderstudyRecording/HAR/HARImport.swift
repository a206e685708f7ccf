import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Reads an HTTP Archive (HAR 1.2, as browsers and proxies export it) into serve events that
/// ``StubGenerator`` turns into stubs.
///
/// HTTP/2 pseudo-headers (`:authority` …) are dropped. Browsers store response content decoded,
/// so `Content-Encoding` is dropped too, unless the entry says its bytes are raw (our own export).
public enum HARImport {
    /// What a HAR file held that can be replayed, in the order it was sent, and what it held that
    /// cannot, counted by reason.
    public struct Result: Sendable {
        /// The entries that became serve events, in the order they were sent.
        public var events: [ServeEvent]
        /// Entries left out, by reason ("no answer (status 0)", "a WebSocket (101 Switching Protocols)").
        public var skipped: [(reason: String, count: Int)]
        /// Entries (0-based, in file order) whose URL was a path without scheme and host; they
        /// were imported by path and query, with the host from their `Host` header.
        public var relativeURLEntries: [Int] = []
    }

    /// The entries of a HAR file as serve events (entries that got no answer, status 0, are skipped).
    public static func events(from data: Data) throws(HARError) -> [ServeEvent] {
        try read(data).events
    }

    /// The entries of a parsed HAR document as serve events.
    public static func events(from json: JSONValue) throws(HARError) -> [ServeEvent] {
        try read(json).events
    }

    /// Reads a HAR 1.2 file: its serve events and the entries skipped, by reason.
    public static func read(_ data: Data) throws(HARError) -> Result {
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            throw HARError(message: "not JSON: \(error.description)")
        }
        return try read(json)
    }

    /// Entries in the order they were sent (`startedDateTime`, file order where times tie): HAR 1.2
    /// says to sort by time when order matters, and WebPagetest writes entries out of order.
    public static func read(_ json: JSONValue) throws(HARError) -> Result {
        guard let entries = json["log"]?["entries"]?.arrayValue else {
            throw HARError(message: "no log.entries array; is this a HAR file?")
        }
        var events: [ServeEvent] = []
        var skipped: [(reason: String, count: Int)] = []
        var relativeURLEntries: [Int] = []
        func skip(_ reason: String) {
            if let i = skipped.firstIndex(where: { $0.reason == reason }) {
                skipped[i].count += 1
            } else {
                skipped.append((reason, 1))
            }
        }
        for (i, entry) in entries.enumerated() {
            guard let request = entry["request"]?.objectValue, let response = entry["response"]?.objectValue else {
                throw HARError(message: "entry \(i) has no request or response")
            }
            guard let method = request["method"]?.stringValue, let urlText = request["url"]?.stringValue,
                let target = SentURL(urlText) ?? relativeURL(urlText, headers: request["headers"])
            else {
                throw HARError(message: "entry \(i) has no method or a bad url")
            }
            if !urlText.contains("://") { relativeURLEntries.append(i) }
            let status = response["status"]?.numberValue?.intValue ?? 200
            // Status 0 is how browsers log a request that got no answer: nothing to replay.
            guard status > 0 else {
                skip("no answer (status 0, a failed or blocked request)")
                continue
            }
            // A stub that answers 101 would leave the client waiting for a protocol that never starts.
            guard status != 101 else {
                skip("a WebSocket or other upgrade (101 Switching Protocols)")
                continue
            }
            var requestHeaders = headers(request["headers"])
            requestHeaders.remove("Content-Length")
            let logged = LoggedRequest(
                method: method, url: target.pathAndQuery, scheme: target.scheme, host: target.host,
                port: target.port, headers: requestHeaders, body: body(request["postData"]?.objectValue),
                loggedDate: date(entry["startedDateTime"]?.stringValue))
            let content = response["content"]?.objectValue
            var responseHeaders = headers(response["headers"])
            if content?["_understudyRaw"]?.boolValue != true { responseHeaders.remove("Content-Encoding") }
            // A 304 (or 204) went out with no body; browsers log the cached body beside it (Firefox).
            let sentBody = status == 304 || status == 204 ? Data() : body(content)
            let served = LoggedResponse(status: status, headers: responseHeaders, body: sentBody)
            events.append(
                ServeEvent(
                    request: logged, stub: nil, responseDefinition: ResponseDefinition(status: status), response: served
                ))
        }
        // A stable sort: entries with the same time keep file order.
        let ordered = events.enumerated().sorted {
            ($0.element.request.loggedDate, $0.offset) < ($1.element.request.loggedDate, $1.offset)
        }.map(\.element)
        return Result(events: ordered, skipped: skipped, relativeURLEntries: relativeURLEntries)
    }

    /// A path-only URL, with the host and scheme its headers give (pseudo-headers included).
    static func relativeURL(_ text: String, headers: JSONValue?) -> SentURL? {
        var byName: [String: String] = [:]
        for header in headers?.arrayValue ?? [] {
            guard let name = header["name"]?.stringValue?.lowercased(), let value = header["value"]?.stringValue
            else { continue }
            byName[name] = byName[name] ?? value
        }
        return SentURL(relative: text, authority: byName[":authority"] ?? byName["host"], scheme: byName[":scheme"])
    }

    static func headers(_ value: JSONValue?) -> HeaderFields {
        var fields = HeaderFields()
        for header in value?.arrayValue ?? [] {
            guard let name = header["name"]?.stringValue, !name.hasPrefix(":"), let value = header["value"]?.stringValue
            else { continue }
            fields.add(name, value)
        }
        return fields
    }

    static func body(_ object: JSONObject?) -> Data {
        guard let object, let text = object["text"]?.stringValue else { return Data() }
        if object["encoding"]?.stringValue == "base64" { return Data(base64Encoded: text) ?? Data() }
        return Data(text.utf8)
    }

    static func date(_ text: String?) -> Date {
        guard let text else { return Date() }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return (try? Date.ISO8601FormatStyle().parse(text)) ?? Date()
    }
}

/// A HAR file that cannot be read.
public struct HARError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the file.
    public var message: String
    public var description: String { "HAR: \(message)" }
}
