import UnderstudyCore

/// Headers that describe one connection, not the message (RFC 9110 §7.6.1): a proxy must not
/// pass them on, nor any header the `Connection` header names.
enum HopByHopHeaders {
    static let names: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization",
        "te", "trailer", "trailers", "transfer-encoding", "upgrade"
    ]

    /// `headers` without hop-by-hop fields, without what `Connection` lists, and without
    /// `extra` (lower-case names).
    static func removing(from headers: HeaderFields, also extra: Set<String> = []) -> HeaderFields {
        var listed = names.union(extra)
        for value in headers.values("Connection") {
            for token in value.split(separator: ",") {
                listed.insert(token.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        return HeaderFields(headers.fields.filter { !listed.contains($0.name.lowercased()) })
    }
}
