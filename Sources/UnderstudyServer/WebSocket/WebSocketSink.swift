import Foundation
import NIOCore
import NIOWebSocket
import UnderstudyCore

/// Sends on one WebSocket channel for the message engine, from any thread: a send from another
/// thread hops to the channel's event loop, delays are scheduled there.
///
/// Every send is written as one whole frame (``ServerFrameBytes``).
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
        // Most sends go at once from the channel's own read: no closure to allocate for them.
        if delay == 0, channel.eventLoop.inEventLoop { return write(body, sent: sent) }
        let loop = channel.eventLoop
        guard delay > 0 else { return loop.execute { self.write(body, sent: sent) } }
        loop.scheduleTask(in: .milliseconds(Int64(delay))) { self.write(body, sent: sent) }
    }

    /// Writes one whole frame, past NIO's frame encoder; a stub's fixed reply is the same frame
    /// every time, kept rather than built again. On the channel's event loop only.
    private func write(_ body: MessageBody, sent: () -> Void) {
        // Journalled as it is handed to the channel, so a client that has read it always
        // finds it in the journal (as a request is journalled when it arrives).
        sent()
        // No frame writer: the handler has left the pipeline, the channel is closing.
        guard let frameWriter = batch.value.frameWriter else { return }
        let frame: ByteBuffer
        switch body {
        case .text(let text): frame = lastReply.value.frame(of: text, allocator: channel.allocator)
        case .binary(let data): frame = ServerFrameBytes.frame(.binary, payload: data, allocator: channel.allocator)
        }
        frameWriter.write(NIOAny(frame), promise: nil)
        // Inside a read the handler flushes once at its end: one system call for a burst of answers.
        if batch.value.reading {
            batch.value.needsFlush = true
        } else {
            frameWriter.flush()
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
/// where whole frames go in while the handler is in the pipeline: the context of NIO's frame
/// encoder, so they pass on below it, in order with the frames it encodes. Touched on the
/// channel's event loop only.
struct ReadBatch {
    var reading = false
    var needsFlush = false
    var frameWriter: ChannelHandlerContext?
}
