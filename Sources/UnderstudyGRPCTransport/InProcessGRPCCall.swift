import Foundation
import GRPCCore
import UnderstudyCore
import UnderstudyGRPC
import UnderstudyJSON

/// One call through ``StubGRPCTransport``: reads the client's parts, has ``GRPCAnswerer``
/// decide, waits out gates and delays without blocking a thread, and writes the reply parts.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct InProcessGRPCCall: Sendable {
    typealias Sink = AsyncThrowingStream<RPCResponsePart<[UInt8]>, any Error>.Continuation

    let engine: StubEngine
    let connectivity: InProcessConnectivity?
    let isOffline: @Sendable () -> Bool
    let schema: ProtoSchema
    let path: String
    let responses: Sink

    func serve(_ requests: AsyncThrowingStream<RPCRequestPart<[UInt8]>, any Error>) async {
        guard !isOffline() else { return end(Self.offline) }
        let answerer = GRPCAnswerer(engine: engine, schema: schema)
        guard let method = schema.method(path: path) else {
            // Journalled like any request, with its near misses, as the server does.
            let answer = answerer.answerUnknown(
                LoggedRequest(method: "POST", url: path, host: "in-process", port: 0, protocolVersion: "HTTP/2.0"))
            if let decision = answer.decision {
                engine.complete(decision, subEvents: [GRPCSubEvents.status(answer.reply)])
            }
            return end(answer.reply)
        }
        let printer = ProtoJSONPrinter(schema: schema)
        var call = GRPCCall(method: method, metadata: HeaderFields())
        var sentHeaders = false
        do {
            for try await part in requests {
                switch part {
                case .metadata(let metadata):
                    call.metadata = GRPCMetadata.headers(metadata.map { ($0.key, Self.text($0.value)) })
                case .message(let bytes):
                    let json: JSONValue
                    do { json = try printer.json(bytes, type: method.inputType) } catch {
                        return end(
                            GRPCReply(status: .internalError, statusMessage: "Invalid protobuf byte sequence: \(error)")
                        )
                    }
                    call.messages.append(json)
                    guard method.clientStreaming, method.serverStreaming else { continue }
                    // Bidirectional: this message's answer now, before the next is read.
                    let answer = answerer.answer(one: request(call, body: json), method: method)
                    guard await write(answer, method: method, sentHeaders: &sentHeaders, ending: false) else { return }
                }
            }
        } catch {
            return end(GRPCReply(status: .cancelled, statusMessage: "the client's stream failed: \(error)"))
        }
        if method.clientStreaming, method.serverStreaming {
            return end(GRPCReply(status: .ok), headers: !sentHeaders)
        }
        let answer = answerer.answer(call) { request(call, body: $0) }
        _ = await write(answer, method: method, sentHeaders: &sentHeaders, ending: true)
    }

    /// Writes one answer: metadata first, then each message after its delay, then (when it ends
    /// the call or fails it) the status. False when the call is over.
    private func write(_ answer: GRPCAnswerer.Answer, method: ProtoMethod, sentHeaders: inout Bool, ending: Bool) async
        -> Bool
    {
        for decision in answer.passedOver { engine.complete(decision) }
        if let decision = answer.decision {
            let due = await DueAnswer.wait(for: decision, engine: engine, connectivity: connectivity, completing: false)
            guard due, !isOffline() else {
                engine.complete(decision)
                end(Self.offline)
                return false
            }
        }
        let reply = answer.reply
        if !sentHeaders, reply.status == .ok || !reply.messages.isEmpty {
            sentHeaders = true
            responses.yield(.metadata(Self.metadata(reply.metadata)))
        }
        var sent: [SubEvent] = []
        let printer = ProtoJSONPrinter(schema: schema)
        for message in reply.messages {
            if message.delay > .zero { await sleep(message.delay) }
            let json = message.json ?? (try? printer.json(message.bytes, type: method.outputType)) ?? .null
            sent.append(GRPCSubEvents.sent(json, index: sent.count))
            responses.yield(.message(message.bytes))
        }
        let ends = ending || reply.status != .ok
        // The journal entry is complete before the client can see the end, as on the socket.
        if let decision = answer.decision { engine.complete(decision, subEvents: sent + [GRPCSubEvents.status(reply)]) }
        if ends { end(reply, headers: false) }
        return !ends
    }

    private func end(_ reply: GRPCReply, headers: Bool = false) {
        if headers { responses.yield(.metadata(Self.metadata(reply.metadata))) }
        let code = Status.Code(rawValue: reply.status.rawValue) ?? .unknown
        responses.yield(.status(Status(code: code, message: reply.statusMessage), Self.metadata(reply.trailers)))
        responses.finish()
    }

    private func sleep(_ delay: Duration) async {
        guard let clock = engine.clock else { return (try? await Task.sleep(for: delay)) ?? () }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            clock.schedule(after: delay) { continuation.resume() }
        }
    }

    private func request(_ call: GRPCCall, body: JSONValue) -> LoggedRequest {
        call.loggedRequest(body: body, scheme: "http", host: "in-process", port: 0, clientIP: "127.0.0.1")
    }

    static let offline = GRPCReply(status: .unavailable, statusMessage: "the stub host is offline (goOffline())")

    static func metadata(_ pairs: [(name: String, value: String)]) -> Metadata {
        var metadata = Metadata()
        for (name, value) in pairs { metadata.addString(value, forKey: name) }
        return metadata
    }

    /// A metadata value as the server sees it: binary values arrive base64-encoded on the wire.
    static func text(_ value: Metadata.Value) -> String {
        switch value {
        case .string(let text): text
        case .binary(let bytes): Data(bytes).base64EncodedString()
        }
    }
}
