import UnderstudyJSON

/// A note attached to a serve event (WireMock 4.x `subEvents`).
public struct SubEvent: Sendable, Equatable {
    /// What kind of note: one of ``Kind``'s names.
    public var type: String
    /// Its details.
    public var data: JSONObject

    /// A note of this type with these details.
    public init(type: String, data: JSONObject) {
        self.type = type
        self.data = data
    }

    /// Every kind of note the journal writes, named once: WireMock's where it has one, ours otherwise.
    /// Readers (verification, the CLI's reporters, the dashboard) compare ``SubEvent/type`` with these.
    public enum Kind {
        /// No stub matched: the 404's near-miss report (WireMock's).
        public static let requestNotMatched = "REQUEST_NOT_MATCHED"
        /// A response template failed to render and the answer was a 500 (WireMock's).
        public static let templateError = "ERROR"
        /// A webhook went out, or failed to: its request and what came back.
        public static let webhook = "WEBHOOK"
        /// One event of a server-sent event stream was written.
        public static let serverSentEvent = "SERVER_SENT_EVENT"
        /// The client went away before a timed body or an event stream ended.
        public static let clientLeftMidStream = "CLIENT_LEFT_MID_STREAM"
        /// A proxied answer's body was larger than the capture limit; the journal kept its start.
        public static let proxyBodyNotCaptured = "PROXY_BODY_NOT_CAPTURED"
        /// A proxied answer's body broke off upstream, or the client left mid-body.
        public static let proxyBodyBroken = "PROXY_BODY_BROKEN"
        /// A request body streamed upstream was larger than the capture limit.
        public static let proxyRequestBodyNotCaptured = "PROXY_REQUEST_BODY_NOT_CAPTURED"
        /// A request body streaming upstream was journalled before it had ended (the client left, or
        /// the answer was complete first).
        public static let proxyRequestBodyBroken = "PROXY_REQUEST_BODY_BROKEN"
        /// The request broke the OpenAPI contract.
        public static let openAPIRequestInvalid = "OPENAPI_REQUEST_INVALID"
        /// The answer broke the OpenAPI contract.
        public static let openAPIResponseInvalid = "OPENAPI_RESPONSE_INVALID"
        /// How a gRPC call ended: its status, message and how many reply messages went out.
        public static let grpcStatus = "GRPC_STATUS"
        /// One gRPC reply message, in JSON form, with the time it went out.
        public static let grpcMessage = "GRPC_MESSAGE"
        /// A fleet's scenario step that could not reach the shared states (taken locally, or refused).
        public static let fleetDetached = "FLEET_DETACHED"
    }
}
