import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

extension StubConnectionHandler {
    /// Renders a stub decision: a fault, a dribbled or streamed body, or a whole response.
    /// `completed` gets what the journal should add as sub-events (each server-sent event).
    func serve(
        _ decision: ServeDecision, to head: HTTPRequestHead, context: ChannelHandlerContext,
        completed: @escaping @Sendable ([SubEvent]) -> Void
    ) {
        guard connection.isResponding else {
            // The client went away while we were deciding or waiting.
            completed([])
            return
        }
        if let fault = decision.fault {
            inject(fault, context: context) { completed([]) }
            return
        }
        let builder = ResponseHeadBuilder(requestVersion: head.version, requestKeepAlive: head.allowsAnotherRequest)
        if decision.chunkedDribble != nil || decision.stream != nil {
            let rendered = builder.build(
                status: decision.status, statusMessage: decision.statusMessage, headers: decision.headers,
                bodyLength: nil)
            switch decision.stream {
            case .serverSentEvents(let events)?:
                let lastEventID = head.headers.first(name: "last-event-id")
                sendTimed(
                    .serverSentEvents(
                        events, lastEventID: lastEventID, gate: events.heldBy.flatMap(environment.engine.gates.existing)
                    ),
                    head: rendered, method: head.method,
                    context: context, completed: completed)
            case .chunks(let chunks)?:
                sendTimed(.chunks(chunks), head: rendered, method: head.method, context: context, completed: completed)
            case nil:
                guard let dribble = decision.chunkedDribble else { return }
                dribbleResponse(
                    rendered, body: decision.body, dribble: dribble, method: head.method, context: context
                ) { completed([]) }
            }
            return
        }
        let rendered = builder.build(
            status: decision.status, statusMessage: decision.statusMessage, headers: decision.headers,
            bodyLength: decision.body.count)
        writeResponse(rendered, body: decision.body, method: head.method, context: context) { _ in completed([]) }
    }

    /// Writes head, body and end, then either waits for the next request or closes.
    func writeResponse(
        _ rendered: ResponseHeadBuilder.Result, body: Data, method: HTTPMethod, afterWrite: Bool = false,
        context: ChannelHandlerContext,
        completed: @escaping @Sendable (Result<Void, Error>) -> Void
    ) {
        if ResponseHeadBuilder.isInterim(rendered.head.status) {
            writeInformationalAsFinal(rendered.head, context: context, completed: completed)
            return
        }
        context.write(wrapOutboundOut(.head(rendered.head)), promise: nil)
        if rendered.allowsBody, method != .HEAD, !body.isEmpty {
            if body.count > Self.pacedSliceBytes {
                let paced = PacedBody(
                    rest: body, mustClose: rendered.mustClose, afterWrite: afterWrite, completed: completed)
                writePaced(paced, context: context)
                return
            }
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        finishResponse(mustClose: rendered.mustClose, afterWrite: afterWrite, context: context, completed: completed)
    }

    /// Writes `.end`. The pipelining handler hands us the next buffered request from inside that
    /// write, so the connection must be idle (or closing) before it.
    /// - Parameter afterWrite: call `completed` only once the socket has taken the response (the
    ///   admin API's shutdown must not stop the server before its answer is out).
    func finishResponse(
        mustClose: Bool, afterWrite: Bool = false, context: ChannelHandlerContext,
        completed: @escaping @Sendable (Result<Void, Error>) -> Void
    ) {
        let close = connection.responseEnds(mustClose: mustClose)
        lastActivity = .now()
        guard close || afterWrite else {
            // Keep-alive: no promise to allocate and wait on. Completed before the end goes out,
            // since the pipelining handler answers the next request from inside that write, and
            // journal completions must keep request order.
            completed(.success(()))
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: promise)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        promise.futureResult.whenComplete { result in
            completed(result)
            if close { bound.value.close(promise: nil) }
        }
    }

    /// A stub may ask for a 1xx status; NIO would take it for an interim answer and wait for
    /// another, so it goes out raw, as the last thing on the connection.
    private func writeInformationalAsFinal(
        _ head: HTTPResponseHead, context: ChannelHandlerContext,
        completed: @escaping @Sendable (Result<Void, Error>) -> Void
    ) {
        connection.giveUp()
        var text =
            "HTTP/\(head.version.major).\(head.version.minor) \(head.status.code) \(head.status.reasonPhrase)\r\n"
        for (name, value) in head.headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        writeRawThenClose(context.channel.allocator.buffer(string: text), context: context, completed: completed)
    }

    /// Sends bytes past the HTTP encoder (see ``RawBytesWriter``), then closes.
    func writeRawThenClose(
        _ bytes: ByteBuffer, context: ChannelHandlerContext,
        completed: @escaping @Sendable (Result<Void, Error>) -> Void
    ) {
        connection.giveUp()
        context.writeRawThenClose(bytes, completed: completed)
    }
}
