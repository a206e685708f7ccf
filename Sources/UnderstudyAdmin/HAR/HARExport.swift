import Foundation
import UnderstudyCore
import UnderstudyJSON

/// The request journal as an HTTP Archive (HAR 1.2), oldest entry first.
///
/// Bodies that are not UTF-8 text are written base64 with `"encoding":"base64"` (request bodies
/// too, which HAR leaves unspecified). A response still content-encoded (gzip …) carries
/// `"_understudyRaw":true`, so an import knows its bytes are as sent rather than decoded.
///
/// This stays in the server, unlike HAR import and redaction (in `UnderstudyRecording`): it is
/// one more format of the admin API's journal (`GET /__admin/requests?format=har`), needs only
/// JSON, and every server (a test's `StubServer` included) answers it, so `understudy export-har`
/// can read any of them.
public enum HARExport {
    /// `{"log":{"version":"1.2","creator":…,"entries":[…]}}` for these events, in the order given.
    public static func document(_ events: [ServeEvent], creatorVersion: String = UnderstudyVersion.current) -> JSONValue
    {
        [
            "log": [
                "version": "1.2",
                "creator": ["name": "Understudy", "version": .string(creatorVersion)],
                "pages": [],
                "entries": .array(events.map(entry))
            ]
        ]
    }

    static func entry(_ event: ServeEvent) -> JSONValue {
        let request = event.request
        let total = event.timing?.totalTime ?? 0
        var requestObject: JSONObject = [
            "method": .string(request.method), "url": .string(request.absoluteURL),
            "httpVersion": .string(request.protocolVersion),
            "cookies": .array(
                request.cookies.flatMap { cookie in
                    cookie.values.map { ["name": .string(cookie.name), "value": .string($0)] }
                }),
            "headers": headers(request.headers),
            "queryString": .array(
                request.queryParameters.flatMap { parameter in
                    parameter.values.map { ["name": .string(parameter.name), "value": .string($0)] }
                }),
            "headersSize": -1, "bodySize": .int(request.body.count)
        ]
        if !request.body.isEmpty {
            var postData: JSONObject = ["mimeType": .string(request.headers.first("Content-Type") ?? "")]
            addBody(request.body, to: &postData)
            requestObject["postData"] = .object(postData)
        }
        let response = event.response ?? LoggedResponse(status: 0)
        let contentType = response.headers.first("Content-Type") ?? ""
        var content: JSONObject = ["size": .int(response.body.count), "mimeType": .string(contentType)]
        if !response.body.isEmpty { addBody(response.body, to: &content) }
        if let coding = response.headers.first("Content-Encoding"), coding.lowercased() != "identity" {
            content["_understudyRaw"] = true
        }
        let responseObject: JSONObject = [
            "status": .int(response.status), "statusText": "", "httpVersion": .string(request.protocolVersion),
            "cookies": [], "headers": headers(response.headers), "content": .object(content),
            "redirectURL": .string(response.headers.first("Location") ?? ""), "headersSize": -1,
            "bodySize": .int(response.body.count)
        ]
        return [
            "startedDateTime": .string(
                request.loggedDate.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))),
            "time": .int(total), "request": .object(requestObject), "response": .object(responseObject), "cache": [:],
            "timings": ["send": 0, "wait": .int(total), "receive": 0]
        ]
    }

    static func headers(_ fields: HeaderFields) -> JSONValue {
        .array(fields.map { ["name": .string($0.name), "value": .string($0.value)] })
    }

    static func addBody(_ data: Data, to object: inout JSONObject) {
        if let text = String(validating: data, as: UTF8.self) {
            object["text"] = .string(text)
        } else {
            object["text"] = .string(data.base64EncodedString())
            object["encoding"] = "base64"
        }
    }
}
