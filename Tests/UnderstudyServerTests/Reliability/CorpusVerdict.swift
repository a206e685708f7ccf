/// Judges one exchange: the server must have closed in time, answered only with statuses the
/// request allows, accepted no more well-formed requests than were sent in front of the bad
/// one, and never answered a smuggled request.
enum CorpusVerdict {
    static func problems(_ request: BadRequest, _ exchange: CorpusExchange, seed: UInt64) -> [String] {
        // A reset connection has nothing to check here; the next good request proves the server is fine.
        if request.ending == .reset { return [] }
        var problems: [String] = []
        if !exchange.closedByServer { problems.append("no close before the deadline (hang)") }
        var rest = exchange.received
        var accepted = 0
        while !rest.isEmpty, let (response, used) = RawResponse.parse(rest) {
            rest.removeFirst(used)
            if !request.allowedStatuses.contains(response.status) { problems.append("status \(response.status)") }
            if !BadRequest.refusals.contains(response.status), response.status != 100 { accepted += 1 }
            if response.bodyText.contains(BadRequestGenerator.smuggledMarker) {
                problems.append("answered a smuggled request")
            }
        }
        if accepted > request.maxAccepted {
            problems.append("\(accepted) requests accepted, at most \(request.maxAccepted) allowed")
        }
        // What is left must be the start of a response cut off by the close, never anything else.
        if !rest.isEmpty, !rest.starts(with: Array("HTTP/1.".utf8)) {
            problems.append("unparseable bytes after the responses: \(describe(rest.prefix(60)))")
        }
        guard !problems.isEmpty else { return [] }
        return [
            "seed \(seed) #\(request.index) \(request.shape.rawValue): \(problems.joined(separator: "; ")) — sent \(describe(request.bytes.prefix(160)))"
        ]
    }

    /// Printable ASCII as is, everything else escaped.
    static func describe<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var text = ""
        for byte in bytes {
            switch byte {
            case 13: text += "\\r"
            case 10: text += "\\n"
            case 0x20...0x7E: text.append(Character(UnicodeScalar(byte)))
            default: text += "\\x" + String(byte, radix: 16)
            }
        }
        return text
    }
}
