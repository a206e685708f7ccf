import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Reads an HTTP Archive (HAR 1.2, as browsers and proxies export it) into serve events that
/// ``StubGenerator`` turns into stubs.
///
/// HTTP/2 pseudo-headers (`:authority` …) are dropped. Browsers store response content decoded,
/// so `Content-Encoding` is dropped too, unless the entry says its bytes are raw (our own export).
public enum HARImport {
    /// The entries of a HAR file as serve events (entries that got no answer, status 0, are skipped).
    public static func events(from data: Data) throws(HARError) -> [ServeEvent] {
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            throw HARError(message: "not JSON: \(error.description)")
        }
        return try events(from: json)
    }

    /// The entries of a parsed HAR document as serve events.
    public static func events(from json: JSONValue) throws(HARError) -> [ServeEvent] {
        guard let entries = json["log"]?["entries"]?.arrayValue else {
            throw HARError(message: "no log.entries array; is this a HAR file?")
        }
        var events: [ServeEvent] = []
        for (i, entry) in entries.enumerated() {
            guard let request = entry["request"]?.objectValue, let response = entry["response"]?.objectValue else {
                throw HARError(message: "entry \(i) has no request or response")
            }
            guard let method = request["method"]?.stringValue, let urlText = request["url"]?.stringValue,
                let components = URLComponents(string: urlText)
            else {
                throw HARError(message: "entry \(i) has no method or a bad url")
            }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            let url = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            let scheme = components.scheme ?? "http"
            var requestHeaders = headers(request["headers"])
            requestHeaders.remove("Content-Length")
            let logged = LoggedRequest(
                method: method, url: url, scheme: scheme, host: components.host ?? "localhost",
                port: components.port ?? (scheme == "https" ? 443 : 80), headers: requestHeaders,
                body: body(request["postData"]?.objectValue), loggedDate: date(entry["startedDateTime"]?.stringValue))
            let content = response["content"]?.objectValue
            var responseHeaders = headers(response["headers"])
            if content?["_understudyRaw"]?.boolValue != true { responseHeaders.remove("Content-Encoding") }
            let status = response["status"]?.numberValue?.intValue ?? 200
            // Status 0 is how browsers log a request that got no answer: nothing to replay.
            guard status > 0 else { continue }
            let served = LoggedResponse(status: status, headers: responseHeaders, body: body(content))
            events.append(
                ServeEvent(
                    request: logged, stub: nil, responseDefinition: ResponseDefinition(status: status), response: served
                ))
        }
        return events
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
