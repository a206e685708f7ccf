import Foundation
import UnderstudyCore
import UnderstudyJSON

/// One gRPC call as the engine sees it, the way WireMock's gRPC extension presents it: a `POST`
/// to `/package.Service/Method`, the call's metadata as headers, and the request message in
/// protobuf's JSON form as the body, so ordinary mappings (`bodyPatterns` with `equalToJson`,
/// `matchesJsonPath`, templating from `request.body`) match and answer it. The body is laid out
/// as protobuf-java prints it, so a WireMock recording's `equalTo` of it still holds.
package struct GRPCCall: Sendable {
    package var method: ProtoMethod
    /// Request metadata: every header of the call but HTTP/2's pseudo-headers.
    package var metadata: HeaderFields
    /// The messages the client sent, decoded, in order.
    package var messages: [JSONValue]

    package init(method: ProtoMethod, metadata: HeaderFields, messages: [JSONValue] = []) {
        self.method = method
        self.metadata = metadata
        self.messages = messages
    }

    /// The request body: the one message of a unary or server-streaming call; for a call the
    /// client streams, the array of its messages (an Understudy extension, so matchers see the
    /// whole list: `matchesJsonPath` "$[2].name", `equalToJson` on the array).
    package var body: JSONValue {
        method.clientStreaming ? .array(messages) : (messages.last ?? .object(JSONObject()))
    }

    /// The request the engine matches and journals, with ``body`` or, for one message of a
    /// stream, that message.
    package func loggedRequest(
        body: JSONValue? = nil, scheme: String, host: String, port: Int, clientIP: String,
        protocolVersion: String = "HTTP/2.0",
        clientCertificateSubject: String? = nil
    ) -> LoggedRequest {
        var headers = metadata
        if headers.first("content-type") == nil { headers.add("content-type", "application/grpc") }
        return LoggedRequest(
            method: "POST", url: method.path, scheme: scheme, host: host, port: port, clientIP: clientIP,
            headers: headers, body: Data(ProtoJSONText.pretty(body ?? self.body).utf8),
            protocolVersion: protocolVersion,
            clientCertificateSubject: clientCertificateSubject)
    }
}
