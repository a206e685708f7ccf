import Foundation
import UnderstudyCore

/// A call's metadata as the request headers a stub matches, the way WireMock's gRPC extension
/// writes them: HTTP/2's pseudo-headers left out, and a binary (`-bin`) value, which arrives as
/// base64, written as Java prints a byte array (`[98, 105, -1]`), so a WireMock stub written
/// for one matches here too.
package enum GRPCMetadata {
    package static func headers(_ fields: some Sequence<(name: String, value: String)>) -> HeaderFields {
        var headers = HeaderFields()
        for (name, value) in fields where !name.hasPrefix(":") {
            headers.add(name, name.lowercased().hasSuffix("-bin") ? javaByteArray(value) : value)
        }
        return headers
    }

    static func javaByteArray(_ base64: String) -> String {
        guard let bytes = ProtoJSONParser.base64(base64) else { return base64 }
        return "[" + bytes.map { String(Int8(bitPattern: $0)) }.joined(separator: ", ") + "]"
    }

    /// Response headers that are the stub's instructions or HTTP's framing, not metadata.
    static let notMetadata: Set<String> = [
        "grpc-status-name", "grpc-status-reason", "grpc-status", "grpc-message", "content-type", "content-length",
        "transfer-encoding", "connection", "keep-alive", "date", "server", "matched-stub-id", "matched-stub-name"
    ]
}
