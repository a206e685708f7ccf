import Foundation
import UnderstudyJSON

/// One way a request or a response broke the contract.
public struct ContractViolation: Sendable, Equatable {
    /// Whether the request or the response broke it.
    public enum Side: String, Sendable {
        /// The request broke the contract.
        case request
        /// The response broke it.
        case response

        /// The journal sub-event type a violation on this side is recorded as.
        public var subEventType: String {
            self == .request ? SubEvent.Kind.openAPIRequestInvalid : SubEvent.Kind.openAPIResponseInvalid
        }
    }

    /// Request or response.
    public var side: Side
    /// Where in the message: `path.id`, `query.page`, `header.X-Rate`, `cookie.session`, `body`, `status`, `operation`.
    public var location: String
    /// A JSON pointer into the body (empty for the whole body, or when the problem is not in a body).
    public var pointer: String
    /// Where in the contract the rule comes from, e.g. `#/paths/~1pets/get/parameters/0`.
    public var specPath: String
    /// What is wrong, in words.
    public var reason: String

    /// A violation at this place, against this part of the spec.
    public init(side: Side, location: String, pointer: String = "", specPath: String, reason: String) {
        self.side = side
        self.location = location
        self.pointer = pointer
        self.specPath = specPath
        self.reason = reason
    }

    /// The violation as a journal sub-event.
    public var subEvent: SubEvent {
        SubEvent(type: side.subEventType, data: fields)
    }

    /// Its fields as JSON, as the journal and the admin API show them.
    public var fields: JSONObject {
        [
            "where": .string(location), "pointer": .string(pointer), "specPath": .string(specPath),
            "reason": .string(reason)
        ]
    }
}

/// A violation with the request it came with, as `/__admin/openapi/violations` lists it.
public struct RecordedContractViolation: Sendable, Equatable {
    /// The journal entry it belongs to.
    public var eventID: UUID
    /// The request's method.
    public var method: String
    /// The request's URL.
    public var url: String
    /// What was wrong.
    public var violation: ContractViolation

    /// A violation recorded for a served request.
    public init(eventID: UUID, method: String, url: String, violation: ContractViolation) {
        self.eventID = eventID
        self.method = method
        self.url = url
        self.violation = violation
    }

    /// The record as JSON.
    public var json: JSONValue {
        var object = violation.fields
        object["type"] = .string(violation.side.subEventType)
        object["requestId"] = .string(eventID.lowercasedString)
        object["method"] = .string(method)
        object["url"] = .string(url)
        return .object(object)
    }
}
