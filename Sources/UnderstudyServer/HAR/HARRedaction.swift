import UnderstudyCore

extension RedactionPolicy {
    /// A HAR document with the policy's headers and JSON fields replaced by ``placeholder``,
    /// and cookie lists emptied when `Cookie` or `Set-Cookie` are redacted.
    public func redactingHAR(_ har: JSONValue) -> (JSONValue, RedactionReport) {
        var report = RedactionReport()
        guard case .object(var root) = har, case .object(var log)? = root["log"], let entries = log["entries"]?.arrayValue else {
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
                message["headers"] = .array(headers.map { header in
                    guard case .object(var field) = header, let name = field["name"]?.stringValue, redactsHeader(name) else { return header }
                    report.noteHeader(name)
                    field["value"] = .string(Self.placeholder)
                    return .object(field)
                })
            }
            if redactsHeader(cookieHeader), let cookies = message["cookies"]?.arrayValue, !cookies.isEmpty {
                report.noteHeader(cookieHeader)
                message["cookies"] = []
            }
            if case .object(var body)? = message[bodyKey], body["encoding"] == nil, let text = body["text"]?.stringValue,
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
}
