import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Decides a whole gRPC call with the engine, for any transport: which journal entries it makes
/// and what the client gets. It may block on body files and templates, so a server runs it off
/// its event loop.
package struct GRPCAnswerer: Sendable {
    /// What the call's answer is, and the journal entries to complete.
    package struct Answer: Sendable {
        package var reply: GRPCReply
        /// The decision whose reply goes out: its delay and gate apply, and its journal entry is
        /// completed once the status is sent. Nil when no stub was asked (an unknown method).
        package var decision: ServeDecision?
        /// Other decisions the call made (the messages of a client stream that did not answer
        /// it), to complete at once.
        package var passedOver: [ServeDecision] = []
    }

    /// What a gRPC transport renders: everything but proxying (a stub that proxies is passed
    /// over); a dribble is ignored, as WireMock's extension ignores it.
    /// Calls are answered off the event loop, so a shared scenario step may wait.
    package static let capabilities: Capabilities = {
        var capabilities = Capabilities(renders: ResponseNeeds.all.subtracting(.proxy))
        capabilities.waitsForSharedState = true
        return capabilities
    }()

    package let engine: StubEngine
    package let schema: ProtoSchema

    package init(engine: StubEngine, schema: ProtoSchema) {
        self.engine = engine
        self.schema = schema
    }

    /// The answer once the client has sent all it will (unary, server streaming, client streaming).
    /// - Parameter request: makes the engine's request for a body (the call's metadata and address).
    package func answer(_ call: GRPCCall, request: (JSONValue) -> LoggedRequest) -> Answer {
        guard call.method.clientStreaming else {
            return answer(one: request(call.body), method: call.method)
        }
        // Ours first: a stub that matches the whole list of messages (a JSON array). Asked without
        // answering misses, so a call no such stub matches leaves no trace.
        var whole = Self.capabilities
        whole.answersMisses = false
        if let decision = engine.decide(request(call.body), capabilities: whole).run() {
            return Answer(reply: GRPCReply(decision, method: call.method, schema: schema), decision: decision)
        }
        // WireMock's rule: each message is a request of its own until one gets an OK reply; failing
        // that, the last error other than "no stub" wins; failing that, no stub matched.
        var passedOver: [ServeDecision] = []
        var lastError: (GRPCReply, ServeDecision)?
        for message in call.messages {
            let single = request(message)
            guard let decision = engine.decide(single, capabilities: Self.capabilities).run() else { continue }
            let reply = GRPCReply(decision, method: call.method, schema: schema)
            if reply.status == .ok {
                return Answer(
                    reply: reply, decision: decision, passedOver: passedOver + (lastError.map { [$0.1] } ?? []))
            }
            if decision.stub == nil {
                passedOver.append(decision)
            } else {
                if let earlier = lastError { passedOver.append(earlier.1) }
                lastError = (reply, decision)
            }
        }
        if let (reply, decision) = lastError { return Answer(reply: reply, decision: decision, passedOver: passedOver) }
        var reply = GRPCReply(status: .unimplemented, statusMessage: GRPCReply.noMatch)
        if let last = passedOver.last { reply.trailers = GRPCReply(last, method: call.method, schema: schema).trailers }
        return Answer(reply: reply, decision: nil, passedOver: passedOver)
    }

    /// One request, one answer: a unary or server-streaming call, or one message of a bidirectional one.
    package func answer(one request: LoggedRequest, method: ProtoMethod) -> Answer {
        guard let decision = engine.decide(request, capabilities: Self.capabilities).run() else {
            return Answer(reply: GRPCReply(status: .internalError, statusMessage: "the stub engine declined the call"))
        }
        return Answer(reply: GRPCReply(decision, method: method, schema: schema), decision: decision)
    }

    /// A call whose method no descriptor declares: journalled like any request (so it is on the
    /// dashboard and in `/__admin/requests/unmatched`, with its near misses, a misspelt method
    /// among them), and answered UNIMPLEMENTED as grpc-java words it, naming the closest stub; or,
    /// when a stub does match the path, saying that its descriptor set is missing.
    package func answerUnknown(_ request: LoggedRequest) -> Answer {
        guard let decision = engine.decide(request, capabilities: Self.capabilities).run() else {
            return Answer(reply: Self.unknownMethod(request.path))
        }
        var reply = Self.unknownMethod(request.path)
        if let stub = decision.stub {
            reply.statusMessage +=
                "; the stub \(stub.name ?? stub.id.lowercasedString) matches it, but its reply"
                + " cannot be encoded without the method's descriptor set"
        } else if let closest = decision.nearMisses.first?.stub {
            reply.trailers = [("understudy-closest-stub", closest.name ?? closest.id.lowercasedString)]
        }
        return Answer(reply: reply, decision: decision)
    }

    /// The status for a call whose method no descriptor declares, as grpc-java words it.
    package static func unknownMethod(_ path: String) -> GRPCReply {
        let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return GRPCReply(
            status: .unimplemented,
            statusMessage: "Method not found: \(name) (no descriptor set in the grpc/ folder declares it)")
    }
}
