import Foundation
import NIOCore
import NIOWebSocket
import UnderstudyCore

/// Sends on one WebSocket channel for the message engine, from any thread: every write hops
/// to the channel's event loop (``Channel`` writes are thread-safe), delays are scheduled there.
///
/// A send made on the channel's event loop is written as one whole frame (``ServerFrameBytes``).
/// While the channel's handler is reading (a stub answering a message) it goes without a flush,
/// and the handler flushes once at the end of the read, as a hand-written echo server would:
/// one system call for a burst of answers instead of one each.
///
/// A class, so the engine holds one reference per channel rather than copying the fields.
final class WebSocketSink: MessageChannelSink {
    let channel: any Channel
    let batch: NIOLoopBoundBox<ReadBatch>
    /// The last text sent and its whole frame, on the channel's event loop.
    let lastReply: NIOLoopBoundBox<ReplyBytes>

    init(channel: any Channel, batch: NIOLoopBoundBox<ReadBatch>) {
        self.channel = channel
        self.batch = batch
        self.lastReply = NIOLoopBoundBox(ReplyBytes(), eventLoop: channel.eventLoop)
    }

    func send(_ body: MessageBody, afterMilliseconds delay: Int, sent: @escaping @Sendable () -> Void) {
        // Most sends go at once: no closure to allocate for them.
        guard delay > 0 else { return write(body, sent: sent) }
        channel.eventLoop.scheduleTask(in: .milliseconds(Int64(delay))) { self.write(body, sent: sent) }
    }

    private func write(_ body: MessageBody, sent: () -> Void) {
        // Journalled as it is handed to the channel, so a client that has read it always
        // finds it in the journal (as a request is journalled when it arrives).
        if channel.eventLoop.inEventLoop, let frameWriter = batch.value.frameWriter {
            // On the loop the frame is written whole, past NIO's frame encoder; a stub's fixed
            // reply is the same frame every time, kept rather than built again.
            let frame: ByteBuffer
            switch body {
            case .text(let text): frame = lastReply.value.frame(of: text, allocator: channel.allocator)
            case .binary(let data): frame = ServerFrameBytes.frame(.binary, payload: data, allocator: channel.allocator)
            }
            sent()
            frameWriter.write(NIOAny(frame), promise: nil)
            // Inside a read the handler flushes once at its end: one system call for a burst of answers.
            if batch.value.reading {
                batch.value.needsFlush = true
            } else {
                frameWriter.flush()
            }
            return
        }
        let frame: WebSocketFrame
        switch body {
        case .text(let text):
            frame = WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: text))
        case .binary(let data):
            frame = WebSocketFrame(fin: true, opcode: .binary, data: channel.allocator.buffer(bytes: data))
        }
        sent()
        channel.writeAndFlush(frame, promise: nil)
    }

    func close(code: Int, reason: String, afterMilliseconds delay: Int) {
        let channel = channel
        let close: @Sendable () -> Void = {
            let handler = try? channel.pipeline.syncOperations.handler(type: WebSocketMessageHandler.self)
            handler?.close(code: code, reason: reason)
        }
        if delay > 0 {
            channel.eventLoop.scheduleTask(in: .milliseconds(Int64(delay)), close)
        } else {
            channel.eventLoop.execute(close)
        }
    }
}

/// Whether a channel's handler is inside a read, and whether a write since needs a flush; and
/// where whole frames go in while the handler is in the pipeline: the context of NIO's frame
/// encoder, so they pass on below it, in order with the frames it encodes. Touched on the
/// channel's event loop only.
struct ReadBatch {
    var reading = false
    var needsFlush = false
    var frameWriter: ChannelHandlerContext?
}
