import UnderstudyCore
import UnderstudyJSON

extension RedactionPolicy {
    /// A HAR document with the policy's headers, JSON fields, form fields and query parameters
    /// replaced by ``placeholder`` (in the URL, `queryString`, `postData.params` and form bodies),
    /// and cookie lists emptied when `Cookie` or `Set-Cookie` are redacted.
    public func redactingHAR(_ har: JSONValue) -> (JSONValue, RedactionReport) {
        var report = RedactionReport()
        guard case .object(var root) = har, case .object(var log)? = root["log"],
            let entries = log["entries"]?.arrayValue
        else {
            return (har, report)
        }
        log["entries"] = .array(entries.map { redactEntry($0, report: &report) })
        root["log"] = .object(log)
        return (.object(root), report)
    }

    private func redactEntry(_ entry: JSONValue, report: inout RedactionReport) -> JSONValue {
        guard case .object(var object) = entry else { return entry }
        for (key, cookieHeader, bodyKey) in [("request", "Cookie", "postData"), ("response", "Set-Cookie", "content")] {
            guard case .object(var message)? = object[key] else { continue }
            if let headers = message["headers"]?.arrayValue {
                message["headers"] = .array(
                    headers.map { header in
                        guard case .object(var field) = header, let name = field["name"]?.stringValue,
                            redactsHeader(name)
                        else { return header }
                        report.noteHeader(name)
                        field["value"] = .string(Self.placeholder)
                        return .object(field)
                    })
            }
            if redactsHeader(cookieHeader), let cookies = message["cookies"]?.arrayValue, !cookies.isEmpty {
                report.noteHeader(cookieHeader)
                message["cookies"] = []
            }
            if key == "request" { redactQuery(&message, report: &report) }
            if case .object(var body)? = message[bodyKey] {
                redactForm(&body, report: &report)
                message[bodyKey] = .object(body)
            }
            if case .object(var body)? = message[bodyKey], body["encoding"] == nil,
                let text = body["text"]?.stringValue,
                let json = try? JSONParser.parse(text)
            {
                let (redacted, found) = redactingJSON(json, with: .string(Self.placeholder))
                if !found.isEmpty {
                    report.noteFields(found)
                    body["text"] = .string(JSONWriter.string(redacted))
                    message[bodyKey] = .object(body)
                }
            }
            object[key] = .object(message)
        }
        return .object(object)
    }

    /// The query in `url` and the `queryString` list.
    private func redactQuery(_ message: inout JSONObject, report: inout RedactionReport) {
        if let url = message["url"]?.stringValue, let mark = url.firstIndex(of: "?") {
            let (query, found) = redactingParameters(url[url.index(after: mark)...])
            if !found.isEmpty {
                report.noteParameters(found)
                message["url"] = .string(String(url[...mark]) + query)
            }
        }
        if let list = message["queryString"]?.arrayValue {
            message["queryString"] = .array(redactingNameValueList(list, report: &report))
        }
    }

    /// `params` and the text of a form body.
    private func redactForm(_ body: inout JSONObject, report: inout RedactionReport) {
        if let params = body["params"]?.arrayValue {
            body["params"] = .array(redactingNameValueList(params, report: &report))
        }
        guard body["encoding"] == nil, RecordedBody.isForm(contentType: body["mimeType"]?.stringValue),
            let text = body["text"]?.stringValue
        else { return }
        let (redacted, found) = redactingParameters(Substring(text))
        if !found.isEmpty {
            report.noteParameters(found)
            body["text"] = .string(redacted)
        }
    }

    private func redactingNameValueList(_ list: [JSONValue], report: inout RedactionReport) -> [JSONValue] {
        list.map { item in
            guard case .object(var pair) = item, let name = pair["name"]?.stringValue, redactsParameter(name) else {
                return item
            }
            report.noteParameters([name])
            pair["value"] = .string(Self.placeholder)
            return .object(pair)
        }
    }
}
