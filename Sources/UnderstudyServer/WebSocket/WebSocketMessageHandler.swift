import Foundation
import NIOCore
import NIOWebSocket
import UnderstudyCore

/// One open WebSocket channel, behind NIO's frame decoder and encoder: answers pings,
/// reassembles fragmented messages, hands each whole message to the message engine, and
/// closes with the code RFC 6455 asks for when the client breaks the protocol.
///
/// Back-pressure: while the channel cannot take more writes (a client that does not read what
/// the stubs send), this handler holds the reads and sets aside the frames already read (at
/// most one read's worth), so nothing piles up without bound; it carries on once the client
/// has read enough for the channel to become writable again.
final class WebSocketMessageHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let engine: MessageEngine
    private let request: LoggedRequest
    private let maxMessageBytes: Int
    private var channelID: UUID?
    /// The opcode and bytes of a fragmented message so far.
    private var fragments: (opcode: WebSocketOpcode, data: ByteBuffer)?
    private var closing = false
    private var readHeld = false
    /// Frames read while the channel could not take more writes, in arrival order.
    private var setAside: CircularBuffer<WebSocketFrame> = []
    private var context: ChannelHandlerContext?
    /// Shared with this channel's sink, so answers written during a read are flushed once at its end.
    private var batch: NIOLoopBoundBox<ReadBatch>?

    init(engine: MessageEngine, request: LoggedRequest, maxMessageBytes: Int) {
        self.engine = engine
        self.request = request
        self.maxMessageBytes = maxMessageBytes
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let frameWriter = try? context.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self)
        let batch = NIOLoopBoundBox(ReadBatch(frameWriter: frameWriter), eventLoop: context.eventLoop)
        self.batch = batch
        channelID = engine.opened(request: request, sink: WebSocketSink(channel: context.channel, batch: batch))
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        batch?.value.frameWriter = nil
        forget()
    }

    func channelInactive(context: ChannelHandlerContext) {
        forget()
        context.fireChannelInactive()
    }

    private func forget() {
        if let channelID { engine.closed(channelID: channelID) }
        channelID = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        batch?.value.reading = true
        let frame = unwrapInboundIn(data)
        if !closing, !setAside.isEmpty || !context.channel.isWritable {
            setAside.append(frame)
            return
        }
        handle(frame, context: context)
    }

    private func handle(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        guard !closing else {
            // After our close frame only the client's close matters (RFC 6455 §5.5.1).
            if frame.opcode == .connectionClose { context.close(promise: nil) }
            return
        }
        // Every frame from a client is masked (§5.1), and no extension was agreed, so no RSV bit.
        guard frame.maskKey != nil else { return close(code: 1002, reason: "client frames must be masked") }
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            return close(code: 1002, reason: "no extension was negotiated")
        }
        var payload = frame.unmaskedData
        switch frame.opcode {
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: payload)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .pong:
            break
        case .connectionClose:
            // Echo the client's code (§5.5.1), then close once it is out.
            closing = true
            let code = payload.readableBytes >= 2 ? payload.readInteger(as: UInt16.self) : nil
            var body = context.channel.allocator.buffer(capacity: 2)
            if let code { body.writeInteger(code) }
            let reply = WebSocketFrame(fin: true, opcode: .connectionClose, data: body)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(reply)).whenComplete { _ in channel.close(promise: nil) }
        case .text, .binary:
            guard fragments == nil else {
                return close(code: 1002, reason: "a new message began before the last one ended")
            }
            if frame.fin {
                deliver(frame.opcode, payload)
            } else {
                fragments = (frame.opcode, payload)
            }
        case .continuation:
            guard var pending = fragments else { return close(code: 1002, reason: "a continuation with no message") }
            guard pending.data.readableBytes + payload.readableBytes <= maxMessageBytes else {
                return close(code: 1009, reason: "message over \(maxMessageBytes) bytes")
            }
            fragments = nil
            pending.data.writeBuffer(&payload)
            if frame.fin {
                deliver(pending.opcode, pending.data)
            } else {
                fragments = pending
            }
        default:
            close(code: 1002, reason: "unknown opcode")
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if let batch {
            batch.value.reading = false
            if batch.value.needsFlush {
                batch.value.needsFlush = false
                context.flush()
            }
        }
        context.fireChannelReadComplete()
    }

    private func deliver(_ opcode: WebSocketOpcode, _ data: ByteBuffer) {
        guard let channelID else { return }
        if opcode == .text {
            guard let text = String(validating: data.readableBytesView, as: UTF8.self) else {
                return close(code: 1007, reason: "text message is not valid UTF-8")
            }
            engine.received(.text(text), channelID: channelID)
        } else {
            engine.received(.binary(Data(data.readableBytesView)), channelID: channelID)
        }
    }

    /// How long a client gets to answer our close frame before the connection is closed anyway.
    static let closeGrace = TimeAmount.seconds(3)

    /// Sends a close frame with `code` and `reason`, then half-closes: the client reads the
    /// frame and our FIN while we read (and drop) what it still sends, so closing never meets
    /// unread bytes (which would reset the connection and could lose the frame on its way). The
    /// connection closes fully when the client answers or closes, or after ``closeGrace``.
    func close(code: Int, reason: String) {
        guard let context, !closing else { return }
        closing = true
        setAside.removeAll()
        var body = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        body.writeInteger(UInt16(truncatingIfNeeded: code))
        body.writeString(reason)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: body)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: Self.closeGrace) { channel.close(promise: nil) }
        }
        // Keep reading, to see the client's close and its FIN.
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // The frame decoder's errors: an oversized frame, or a malformed control frame.
        if let error = error as? NIOWebSocketError {
            switch error {
            case .invalidFrameLength: close(code: 1009, reason: "message over \(maxMessageBytes) bytes")
            default: close(code: 1002, reason: "malformed control frame")
            }
        } else {
            context.close(promise: nil)
        }
    }

    // MARK: back-pressure

    func read(context: ChannelHandlerContext) {
        if closing || (context.channel.isWritable && setAside.isEmpty) {
            context.read()
        } else {
            readHeld = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        while context.channel.isWritable, let frame = setAside.popFirst() {
            handle(frame, context: context)
        }
        if context.channel.isWritable, setAside.isEmpty, readHeld {
            readHeld = false
            context.read()
        }
        context.fireChannelWritabilityChanged()
    }
}
