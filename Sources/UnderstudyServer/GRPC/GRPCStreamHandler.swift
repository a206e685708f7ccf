import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2
import UnderstudyCore
import UnderstudyGRPC
import UnderstudyJSON

/// One gRPC call on one HTTP/2 stream (installed by ``HTTP2StreamRouter`` for a
/// `content-type: application/grpc…` stream): reads the call's messages, has
/// ``GRPCAnswerer`` decide it off the event loop once the client has sent all it will, then
/// writes the reply messages (each after its delay) and the status in the trailers.
///
/// A bidirectional call is answered message by message instead: its messages are decided one
/// at a time in the order they came (``BidirectionalQueue``), each one's replies going out as soon
/// as it is decided; the call ends with OK when the client has half-closed and every message is
/// answered, or with the first status other than OK. A call to a method no descriptor declares is
/// journalled as a miss and answered UNIMPLEMENTED; a server reflection call is answered from the
/// descriptors and not journalled.
final class GRPCStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let environment: ConnectionEnvironment
    private let addresses: ConnectionAddresses
    private var call: GRPCCall?
    private var schema = ProtoSchema()
    private var framer = GRPCMessageFramer()
    private var receivedBytes = 0
    /// The reply's response headers are out (so a status goes in trailers, not trailers-only).
    private var sentHeaders = false
    /// The status is out, or the client reset the stream: nothing more is written.
    private var ended = false
    /// Bidirectional calls: replies still to write, in order, and whether the client is done.
    private var pending = BidirectionalQueue()
    /// A server reflection call: answered from the descriptors, not the stubs, and not journalled.
    private var reflecting = false
    /// A call to an unknown method is being journalled: what the client sends meanwhile is ignored.
    private var unknownPending = false
    /// The reply messages sent for the decision being written, for its journal entry.
    private var sent: [SubEvent] = []

    init(environment: ConnectionEnvironment, addresses: ConnectionAddresses) {
        self.environment = environment
        self.addresses = addresses
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .headers(let frame):
            if call == nil {
                start(frame.headers, context: context)
            }
            if frame.endStream { clientFinished(context: context) }
        case .data(let frame):
            if case .byteBuffer(let buffer) = frame.data { read(buffer, context: context) }
            if frame.endStream { clientFinished(context: context) }
        case .rstStream:
            ended = true
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        ended = true
        context.fireChannelInactive()
    }

    private func start(_ headers: HPACKHeaders, context: ChannelHandlerContext) {
        let path = headers.first(name: ":path") ?? "/"
        schema = environment.grpc?.schema ?? ProtoSchema()
        if let encoding = headers.first(name: "grpc-encoding"), encoding.lowercased() != "identity" {
            // Messages go uncompressed; a client told so (grpc-accept-encoding) sends them that way.
            var reply = GRPCReply(
                status: .unimplemented,
                statusMessage: "grpc-encoding \(encoding) is not supported; this server takes identity only")
            reply.trailers = [("grpc-accept-encoding", "identity")]
            end(reply, decision: nil, context: context)
            return
        }
        if GRPCReflection.paths.contains(path) {
            reflecting = true
            return
        }
        guard let method = schema.method(path: path) else {
            // Journalled as a request with no body (the message cannot be read without a descriptor).
            let request = LoggedRequest(
                method: "POST", url: path, scheme: environment.scheme, host: addresses.boundHost,
                port: addresses.boundPort, clientIP: addresses.clientIP,
                headers: GRPCMetadata.headers(headers.map { ($0.name, $0.value) }), protocolVersion: "HTTP/2.0",
                clientCertificateSubject: addresses.clientCertificateSubject)
            let answerer = GRPCAnswerer(engine: environment.engine, schema: schema)
            let loop = context.eventLoop
            let handler = NIOLoopBound(self, eventLoop: loop)
            let bound = NIOLoopBound(context, eventLoop: loop)
            environment.offLoop.submit {
                let answer = answerer.answerUnknown(request)
                loop.execute { handler.value.end(answer.reply, decision: answer.decision, context: bound.value) }
            }
            unknownPending = true
            return
        }
        call = GRPCCall(method: method, metadata: GRPCMetadata.headers(headers.map { ($0.name, $0.value) }))
    }

    private func read(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        if reflecting { return reflect(buffer, context: context) }
        if unknownPending { return }
        guard !ended, var call else { return }
        receivedBytes += buffer.readableBytes
        framer.append(buffer.readableBytesView)
        do {
            guard receivedBytes <= environment.configuration.maxBodyBytes else {
                throw GRPCCallError(
                    .resourceExhausted, "the call sent more than \(environment.configuration.maxBodyBytes) bytes")
            }
            let printer = ProtoJSONPrinter(schema: schema)
            while let message = try framer.next() {
                let json: JSONValue
                do { json = try printer.json(message, type: call.method.inputType) } catch {
                    throw GRPCCallError(.internalError, "Invalid protobuf byte sequence: \(error)")
                }
                call.messages.append(json)
                if call.method.isBidirectional { decideBidirectional(json, call: call, context: context) }
            }
            self.call = call
        } catch let error as GRPCCallError {
            self.call = call
            end(GRPCReply(status: error.status, statusMessage: error.message), decision: nil, context: context)
        } catch {
            end(GRPCReply(status: .internalError, statusMessage: "\(error)"), decision: nil, context: context)
        }
    }

    private func clientFinished(context: ChannelHandlerContext) {
        if reflecting, !ended { return end(GRPCReply(status: .ok), decision: nil, context: context) }
        if unknownPending { return }
        guard !ended, let call else { return }
        if framer.hasPartialMessage {
            end(
                GRPCReply(status: .internalError, statusMessage: "the call ended in the middle of a message"),
                decision: nil, context: context)
            return
        }
        if call.method.isBidirectional {
            pending.clientDone = true
            decideNext(call.method, context: context)
            return
        }
        let answerer = GRPCAnswerer(engine: environment.engine, schema: schema)
        let build = requestBuilder(for: call)
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        let bound = NIOLoopBound(context, eventLoop: loop)
        environment.offLoop.submit {
            let answer = answerer.answer(call) { build($0) }
            loop.execute { handler.value.deliver(answer, context: bound.value) }
        }
    }

    /// The engine's request for one body, with the call's metadata and this connection's addresses.
    private func requestBuilder(for call: GRPCCall) -> @Sendable (JSONValue) -> LoggedRequest {
        let scheme = environment.scheme
        let addresses = self.addresses
        var headersOnly = call
        headersOnly.messages = []  // each request carries its own body, not a copy of every message
        return { [headersOnly] body in
            headersOnly.loggedRequest(
                body: body, scheme: scheme, host: addresses.boundHost, port: addresses.boundPort,
                clientIP: addresses.clientIP, clientCertificateSubject: addresses.clientCertificateSubject)
        }
    }

    // MARK: Delivering an answer

    /// Completes the entries the call passed over, then waits out the decision's delay and gate,
    /// then writes the reply.
    private func deliver(_ answer: GRPCAnswerer.Answer, context: ChannelHandlerContext) {
        for decision in answer.passedOver { environment.engine.complete(decision) }
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        let bound = NIOLoopBound(context, eventLoop: loop)
        let send: @Sendable () -> Void = {
            handler.value.write(answer.reply, decision: answer.decision, context: bound.value)
        }
        let afterDelay: @Sendable () -> Void = {
            guard let delay = answer.decision?.delay, delay > .zero else { return loop.execute(send) }
            if let clock = handler.value.environment.engine.clock {
                clock.schedule(after: delay) { loop.execute(send) }
            } else {
                loop.scheduleTask(in: TimeAmount(delay)) { send() }
            }
        }
        if let gate = answer.decision?.gate {
            gate.hold { loop.execute(afterDelay) }
        } else {
            afterDelay()
        }
    }

    /// Writes the reply's messages, each after its own delay, then its status.
    private func write(_ reply: GRPCReply, decision: ServeDecision?, context: ChannelHandlerContext) {
        writeMessages(reply, from: 0, waited: false, decision: decision, context: context)
    }

    /// Writes the messages from `start` on: those due at once go out together, packed into as
    /// few DATA frames as their size allows (as grpc-swift's own writer packs them); at a message
    /// with a delay, flushes and comes back when it is due. Then the status.
    private func writeMessages(
        _ reply: GRPCReply, from start: Int, waited: Bool, decision: ServeDecision?, context: ChannelHandlerContext
    ) {
        // One time stamp for the messages that go out together.
        let stamp = ISO8601.string(Date())
        var batch = context.channel.allocator.buffer(capacity: 0)
        var index = start
        while index < reply.messages.count {
            guard !ended else { return complete(decision, reply: reply) }
            let message = reply.messages[index]
            if message.delay > .zero, !(waited && index == start) {
                sendBatch(&batch, metadata: reply.metadata, context: context)
                context.flush()
                let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                let next = index
                context.eventLoop.scheduleTask(in: TimeAmount(message.delay)) {
                    handler.value.writeMessages(
                        reply, from: next, waited: true, decision: decision, context: bound.value)
                }
                return
            }
            add(message, to: &batch, stamp: stamp)
            if batch.readableBytes >= Self.batchBytes { sendBatch(&batch, metadata: reply.metadata, context: context) }
            index += 1
        }
        sendBatch(&batch, metadata: reply.metadata, context: context)
        end(reply, decision: decision, context: context)
    }

    /// How many bytes of messages go in one write (NIO cuts them into frames the peer allows).
    static let batchBytes = 64 * 1024

    /// Adds a stub's reply message to `batch`, length-prefixed, and notes it for the journal.
    private func add(_ message: GRPCReply.Message, to batch: inout ByteBuffer, stamp: String) {
        let json =
            message.json
            ?? call.flatMap { try? ProtoJSONPrinter(schema: schema).json(message.bytes, type: $0.method.outputType) }
        sent.append(GRPCSubEvents.sent(json ?? .null, index: sent.count, at: stamp))
        batch.writeInteger(UInt8(0))
        batch.writeInteger(UInt32(message.bytes.count))
        batch.writeBytes(message.bytes)
    }

    /// Writes what `batch` holds as one DATA frame (after the response headers), unflushed.
    private func sendBatch(
        _ batch: inout ByteBuffer, metadata: [(name: String, value: String)], context: ChannelHandlerContext
    ) {
        guard !ended, batch.readableBytes > 0 else { return }
        sendHeadersIfNeeded(metadata, context: context)
        context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(batch)))), promise: nil)
        batch = context.channel.allocator.buffer(capacity: 0)
    }

    private func sendMessage(
        _ bytes: [UInt8], metadata: [(name: String, value: String)], flush: Bool = true,
        context: ChannelHandlerContext
    ) {
        guard !ended else { return }
        sendHeadersIfNeeded(metadata, context: context)
        var buffer = context.channel.allocator.buffer(capacity: bytes.count + 5)
        buffer.writeInteger(UInt8(0))
        buffer.writeInteger(UInt32(bytes.count))
        buffer.writeBytes(bytes)
        let frame = wrapOutboundOut(.data(.init(data: .byteBuffer(buffer))))
        if flush { context.writeAndFlush(frame, promise: nil) } else { context.write(frame, promise: nil) }
    }

    private func sendHeadersIfNeeded(_ metadata: [(name: String, value: String)], context: ChannelHandlerContext) {
        guard !sentHeaders else { return }
        sentHeaders = true
        var headers = Self.responseHeaders
        for (name, value) in metadata { headers.add(name: name, value: value) }
        context.write(wrapOutboundOut(.headers(.init(headers: headers))), promise: nil)
    }

    /// Sends the status (in trailers, or alone as a trailers-only response) and ends the stream.
    private func end(_ reply: GRPCReply, decision: ServeDecision?, context: ChannelHandlerContext) {
        guard !ended else { return complete(decision, reply: reply) }
        ended = true
        var trailers = sentHeaders ? HPACKHeaders() : Self.responseHeaders
        if !sentHeaders { for (name, value) in reply.metadata { trailers.add(name: name, value: value) } }
        trailers.add(name: "grpc-status", value: String(reply.status.rawValue))
        if !reply.statusMessage.isEmpty {
            trailers.add(name: "grpc-message", value: GRPCStatusMessage.encode(reply.statusMessage))
        }
        for (name, value) in reply.trailers { trailers.add(name: name, value: value) }
        sentHeaders = true
        // The journal entry is complete before the client can see the end, as on every transport.
        complete(decision, reply: reply)
        context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: trailers, endStream: true))), promise: nil)
    }

    private func complete(_ decision: ServeDecision?, reply: GRPCReply) {
        let messages = sent
        sent = []
        guard let decision else { return }
        environment.engine.complete(decision, subEvents: messages + [GRPCSubEvents.status(reply)])
    }

    static let responseHeaders: HPACKHeaders = [
        ":status": "200", "content-type": "application/grpc", "grpc-accept-encoding": "identity"
    ]

    // MARK: Server reflection

    private func reflect(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        guard !ended else { return }
        framer.append(buffer.readableBytesView)
        do {
            while let request = try framer.next() {
                sendMessage(try GRPCReflection.respond(to: request, schema: schema), metadata: [], context: context)
            }
        } catch let error as GRPCCallError {
            end(GRPCReply(status: error.status, statusMessage: error.message), decision: nil, context: context)
        } catch {
            end(GRPCReply(status: .invalidArgument, statusMessage: "\(error)"), decision: nil, context: context)
        }
    }

    // MARK: Bidirectional calls

    private func decideBidirectional(_ message: JSONValue, call: GRPCCall, context: ChannelHandlerContext) {
        pending.enqueue(requestBuilder(for: call)(message))
        decideNext(call.method, context: context)
    }

    /// Sends the next waiting message to the engine, off the loop; its answer is written when it
    /// comes back, then the next is sent.
    private func decideNext(_ method: ProtoMethod, context: ChannelHandlerContext) {
        guard !ended else { return }
        guard let request = pending.nextToDecide() else {
            if pending.clientDone, pending.isIdle { end(GRPCReply(status: .ok), decision: nil, context: context) }
            return
        }
        let answerer = GRPCAnswerer(engine: environment.engine, schema: schema)
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        let bound = NIOLoopBound(context, eventLoop: loop)
        environment.offLoop.submit {
            let answer = answerer.answer(one: request, method: method)
            loop.execute {
                handler.value.pending.decided()
                handler.value.writeBidirectional(answer, context: bound.value)
                handler.value.decideNext(method, context: bound.value)
            }
        }
    }

    /// Writes one message's answer: its replies, or the status that ends the call.
    private func writeBidirectional(_ answer: GRPCAnswerer.Answer, context: ChannelHandlerContext) {
        for decision in answer.passedOver { environment.engine.complete(decision) }
        guard !ended else { return complete(answer.decision, reply: answer.reply) }
        if answer.reply.status != .ok { return end(answer.reply, decision: answer.decision, context: context) }
        let stamp = ISO8601.string(Date())
        var batch = context.channel.allocator.buffer(capacity: 0)
        for message in answer.reply.messages { add(message, to: &batch, stamp: stamp) }
        sendBatch(&batch, metadata: answer.reply.metadata, context: context)
        context.flush()
        complete(answer.decision, reply: answer.reply)
    }
}

extension ProtoMethod {
    var isBidirectional: Bool { clientStreaming && serverStreaming }
}
