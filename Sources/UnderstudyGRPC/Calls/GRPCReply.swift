import Foundation
import UnderstudyCore
import UnderstudyJSON

/// What a gRPC call gets back for the engine's decision, by the rules of WireMock's gRPC
/// extension: a `grpc-status-name` header (with `grpc-status-reason`) sets the status; without
/// one, the eight HTTP statuses of its table become errors and any other status is success; a
/// success sends the body, in protobuf's JSON form, as the reply message. Beyond it, a stub's
/// `bodyChunks` are a stream of reply messages, each after its own delay, with the status sent
/// after the last; and the stub's other headers go back as response metadata.
package struct GRPCReply: Sendable {
    /// One reply message, encoded, and how long after the one before it goes out.
    package struct Message: Sendable {
        package var bytes: [UInt8]
        package var delay: Duration
        /// The JSON the stub wrote it as, for the journal; nil for a message given as bytes.
        package var json: JSONValue? = nil
    }

    package var metadata: [(name: String, value: String)]
    package var messages: [Message]
    /// Metadata sent with the status (ours: `understudy-closest-stub` on a miss).
    package var trailers: [(name: String, value: String)] = []
    package var status: GRPCStatus
    package var statusMessage: String

    /// What WireMock's extension answers a miss with (its 404 row).
    package static let noMatch = "No matching stub mapping found for gRPC request"

    /// WireMock's table for a response without `grpc-status-name`; other statuses are success.
    package static func status(forHTTP code: Int) -> (GRPCStatus, String)? {
        switch code {
        case 400: (.internalError, "Bad Request")
        case 401: (.unauthenticated, "You are not authorized to access this resource")
        case 403: (.permissionDenied, "You are not authorized to access this resource")
        case 404: (.unimplemented, noMatch)
        case 429: (.unavailable, "Too many requests")
        case 502: (.unavailable, "Bad Gateway")
        case 503: (.unavailable, "Service Unavailable")
        case 504: (.unavailable, "Gateway Timeout")
        default: nil
        }
    }

    package init(
        metadata: [(name: String, value: String)] = [], messages: [Message] = [], status: GRPCStatus,
        statusMessage: String = ""
    ) {
        self.metadata = metadata
        self.messages = messages
        self.status = status
        self.statusMessage = statusMessage
    }

    /// The reply to `decision` for a call of `method`.
    package init(_ decision: ServeDecision, method: ProtoMethod, schema: ProtoSchema) {
        let metadata = decision.headers.compactMap { field -> (name: String, value: String)? in
            GRPCMetadata.notMetadata.contains(field.name.lowercased()) ? nil : (field.name.lowercased(), field.value)
        }
        if decision.fault != nil {
            // WireMock's extension never plays a fault: its empty body fails to parse, and grpc-java
            // answers this. UNAVAILABLE through grpc-status-name is the gRPC way to say "the network failed".
            self.init(status: .unknown, statusMessage: "Application error processing RPC")
            return
        }
        if let problem = decision.templateError {
            self.init(status: .unknown, statusMessage: "the response template failed to render: \(problem)")
            return
        }
        let named = decision.headers.first("grpc-status-name")
        var status = GRPCStatus.ok
        var statusMessage = ""
        if let named {
            guard let parsed = GRPCStatus(name: named) else {
                self.init(status: .unknown, statusMessage: "grpc-status-name \(named) is not a gRPC status name")
                return
            }
            status = parsed
            statusMessage = decision.headers.first("grpc-status-reason") ?? ""
        } else if let (mapped, text) = Self.status(forHTTP: decision.status) {
            self.init(status: mapped, statusMessage: text)
            // WireMock's clients compare the message exactly: what nearly matched goes beside it.
            if decision.stub == nil, let closest = Self.closestStub(decision) {
                trailers.append(("understudy-closest-stub", closest))
            }
            return
        }
        // A status other than OK ends the call without the body (as WireMock does), but after
        // any streamed messages (ours): a stream that fails part way.
        var messages: [Message] = []
        let parser = ProtoJSONParser(schema: schema)
        do {
            if case .chunks(let chunks) = decision.stream {
                for (index, chunk) in chunks.enumerated() {
                    let bytes: [UInt8]
                    var written: JSONValue?
                    switch chunk.content {
                    case .json(let json): written = json
                    case .text(let text): written = try JSONParser.parse(text)
                    case .bytes: written = nil
                    }
                    if let written {
                        bytes = try parser.bytes(written, type: method.outputType, at: "/bodyChunks/\(index)")
                    } else {
                        bytes = [UInt8](chunk.bytes)  // the message's own protobuf bytes
                    }
                    messages.append(
                        Message(bytes: bytes, delay: .milliseconds(chunk.delayMilliseconds ?? 0), json: written))
                }
            } else if status == .ok {
                let json = try JSONParser.parse(decision.body)
                messages.append(
                    Message(bytes: try parser.bytes(json, type: method.outputType), delay: .zero, json: json))
            }
        } catch {
            self.init(
                metadata: metadata, status: .unknown,
                statusMessage:
                    "Application error processing RPC: the stub's reply is not a \(method.outputType) (\(error))")
            return
        }
        self.init(metadata: metadata, messages: messages, status: status, statusMessage: statusMessage)
    }

    /// The stub that came closest to a miss, by name or id.
    private static func closestStub(_ decision: ServeDecision) -> String? {
        guard let stub = decision.nearMisses.first?.stub else { return nil }
        return stub.name ?? stub.id.lowercasedString
    }
}
