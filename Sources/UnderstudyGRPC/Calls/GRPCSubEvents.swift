import Foundation
import UnderstudyCore
import UnderstudyJSON

/// What a gRPC call adds to its journal entry.
package enum GRPCSubEvents {
    /// One reply message as it went out, in JSON form: `{"index": 0, "message": {…}, "sentAt": "…"}`.
    package static func sent(_ message: JSONValue, index: Int, at stamp: String = ISO8601.string(Date())) -> SubEvent {
        SubEvent(
            type: SubEvent.Kind.grpcMessage, data: ["index": .int(index), "message": message, "sentAt": .string(stamp)])
    }

    /// How the call ended: `{"status": "NOT_FOUND", "code": 5, "message": "…", "messagesSent": 2}`.
    package static func status(_ reply: GRPCReply) -> SubEvent {
        SubEvent(
            type: SubEvent.Kind.grpcStatus,
            data: [
                "status": .string(reply.status.name), "code": .int(reply.status.rawValue),
                "message": .string(reply.statusMessage), "messagesSent": .int(reply.messages.count)
            ])
    }
}
