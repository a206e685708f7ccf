import Foundation
import NIOCore
import NIOWebSocket
import UnderstudyCore

/// Sends on one WebSocket channel for the message engine, from any thread: every write hops
/// to the channel's event loop (``Channel`` writes are thread-safe), delays are scheduled there.
///
/// A send made while the channel's handler is reading (a stub answering a message) is written
/// without a flush, and the handler flushes once at the end of the read, as a hand-written echo
/// server would: one system call for a burst of answers instead of one each.
///
/// A class, so the engine holds one reference per channel rather than copying the fields.
final class WebSocketSink: MessageChannelSink {
    let channel: any Channel
    let batch: NIOLoopBoundBox<ReadBatch>
    /// The last text sent and its bytes, on the channel's event loop.
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
        let onLoop = channel.eventLoop.inEventLoop
        let frame: WebSocketFrame
        switch body {
        case .text(let text):
            // A stub's fixed reply is the same string every time: its bytes are kept, not copied again.
            let data =
                onLoop
                ? lastReply.value.bytes(of: text, allocator: channel.allocator)
                : channel.allocator.buffer(string: text)
            frame = WebSocketFrame(fin: true, opcode: .text, data: data)
        case .binary(let data):
            frame = WebSocketFrame(fin: true, opcode: .binary, data: channel.allocator.buffer(bytes: data))
        }
        // Journalled as it is handed to the channel, so a client that has read it always
        // finds it in the journal (as a request is journalled when it arrives).
        sent()
        if onLoop, batch.value.reading, let context = batch.value.context {
            batch.value.needsFlush = true
            // From the handler's place: past the pipeline's tail and the handler's own outbound hop.
            context.write(NIOAny(frame), promise: nil)
        } else {
            channel.writeAndFlush(frame, promise: nil)
        }
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
/// the handler's context while it is in the pipeline. Touched on the channel's event loop only.
struct ReadBatch {
    var reading = false
    var needsFlush = false
    var context: ChannelHandlerContext?
}
