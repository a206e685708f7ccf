import Foundation
import UnderstudyJSON

extension LoggedRequest {
    /// WireMock's logged request JSON (url, absoluteUrl, method, headers, cookies, body …).
    public var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id.lowercasedString),
            "url": .string(url),
            "absoluteUrl": .string(absoluteURL),
            "method": .string(method),
            "clientIp": .string(clientIP)
        ]
        object["headers"] = headers.json
        var cookieObject = JSONObject()
        for cookie in cookies {
            cookieObject[cookie.name] =
                cookie.values.count == 1 ? .string(cookie.values[0]) : .array(cookie.values.map { .string($0) })
        }
        object["cookies"] = .object(cookieObject)
        object["browserProxyRequest"] = .bool(browserProxyRequest)
        let millis = Int((loggedDate.timeIntervalSince1970 * 1000).rounded())
        object["loggedDate"] = .int(millis)
        object["bodyAsBase64"] = .string(body.base64EncodedString())
        object["body"] = .string(bodyText)
        object["protocol"] = .string(protocolVersion)
        object["scheme"] = .string(scheme)
        object["host"] = .string(host)
        object["port"] = .int(port)
        object["loggedDateString"] = .string(ISO8601.string(loggedDate))
        var query = JSONObject()
        for parameter in queryParameters {
            query[parameter.name] = [
                "key": .string(parameter.name), "values": .array(parameter.values.map { .string($0) })
            ]
        }
        object["queryParams"] = .object(query)
        var form = JSONObject()
        for parameter in formParameters {
            form[parameter.name] = [
                "key": .string(parameter.name), "values": .array(parameter.values.map { .string($0) })
            ]
        }
        object["formParams"] = .object(form)
        return .object(object)
    }

    /// Reads a logged request as the near-miss API receives it; missing fields are empty
    /// (WireMock 2.35 answered 500 when `headers` was missing; we do not).
    public init(json value: JSONValue) throws(MappingError) {
        let reader = try FieldReader(value, at: "")
        var url = try reader.string("url") ?? "/"
        var scheme = "http"
        var host = "localhost"
        var port = 80
        if let absolute = try reader.string("absoluteUrl"), let components = URLComponents(string: absolute) {
            scheme = components.scheme ?? scheme
            host = components.host ?? host
            port = components.port ?? (scheme == "https" ? 443 : 80)
            if reader.value("url") == nil {
                url = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            }
        }
        var headers = HeaderFields(json: try reader.objectValue("headers") ?? [:])
        if let cookies = try reader.objectValue("cookies"), !cookies.isEmpty, !headers.contains("Cookie") {
            let pairs = cookies.compactMap { member in member.value.matchableText.map { "\(member.key)=\($0)" } }
            headers.add("Cookie", pairs.joined(separator: "; "))
        }
        var body = Data()
        if let base64 = try reader.string("bodyAsBase64"), let data = Data(base64Encoded: base64) {
            body = data
        } else if let text = try reader.string("body") {
            body = Data(text.utf8)
        }
        self.init(
            method: try reader.string("method") ?? "GET", url: url,
            scheme: try reader.string("scheme") ?? scheme, host: try reader.string("host") ?? host,
            port: try reader.int("port") ?? port, clientIP: try reader.string("clientIp") ?? "127.0.0.1",
            headers: headers, body: body)
        // What a journal wrote of a request it recorded (a shared journal reads these back).
        if let recordedID = try reader.string("id").flatMap(UUID.init(uuidString:)) { id = recordedID }
        if let millis = try reader.int("loggedDate") { loggedDate = Date(timeIntervalSince1970: Double(millis) / 1000) }
        if let version = try reader.string("protocol") { protocolVersion = version }
        browserProxyRequest = try reader.bool("browserProxyRequest") ?? false
    }
}

extension HeaderFields {
    /// Reads WireMock's header JSON back: a string, or an array for a repeated header.
    public init(json object: JSONObject) {
        self.init()
        for member in object {
            switch member.value {
            case .array(let values):
                for v in values { if let text = v.matchableText { add(member.key, text) } }
            default: if let text = member.value.matchableText { add(member.key, text) }
            }
        }
    }

    /// WireMock's header JSON: one value as a string, a repeated header as an array.
    public var json: JSONValue {
        var object = JSONObject()
        for name in names {
            let values = self.values(name)
            object[name] = values.count == 1 ? .string(values[0]) : .array(values.map { .string($0) })
        }
        return .object(object)
    }
}

extension LoggedResponse {
    /// The response as the admin API's journal writes it.
    public var json: JSONValue {
        var object: JSONObject = ["status": .int(status)]
        if !headers.isEmpty { object["headers"] = headers.json }
        object["bodyAsBase64"] = .string(body.base64EncodedString())
        object["body"] = .string(String(decoding: body, as: UTF8.self))
        if let fault { object["fault"] = .string(fault.rawValue) }
        return .object(object)
    }
}

extension ServeEvent {
    /// WireMock's serve event JSON. An unmatched event carries the synthetic 404 stub.
    public var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id.lowercasedString),
            "request": request.json,
            "responseDefinition": responseDefinition.json
        ]
        if let response { object["response"] = response.json }
        object["wasMatched"] = .bool(wasMatched)
        let timing = self.timing ?? ServeTiming()
        object["timing"] = [
            "addedDelay": .int(timing.addedDelay), "processTime": .int(timing.processTime),
            "responseSendTime": .int(timing.responseSendTime), "serveTime": .int(timing.serveTime),
            "totalTime": .int(timing.totalTime)
        ]
        if let stub {
            object["stubMapping"] = stub.json
        } else {
            object["stubMapping"] = [
                "id": .string(id.lowercasedString), "request": ["method": "ANY"],
                "response": ServeEvent.notMatchedResponse.json
            ]
        }
        if !subEvents.isEmpty {
            object["subEvents"] = .array(
                subEvents.map { ["type": .string($0.type), "timeOffsetNanos": 0, "data": .object($0.data)] })
        }
        return .object(object)
    }
}

extension NearMiss {
    /// `{"request":…,"stubMapping":…|"requestPattern":…,"matchResult":{"distance":…}}`.
    public var json: JSONValue {
        var object: JSONObject = ["request": request.json]
        if let stub { object["stubMapping"] = stub.json }
        if let pattern { object["requestPattern"] = pattern.json }
        object["matchResult"] = ["distance": .double(distance)]
        return .object(object)
    }
}
