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
struct WebSocketSink: MessageChannelSink {
    let channel: any Channel
    let batch: NIOLoopBoundBox<ReadBatch>

    func send(_ body: MessageBody, afterMilliseconds delay: Int, sent: @escaping @Sendable () -> Void) {
        let channel = self.channel
        let batch = self.batch
        let write: @Sendable () -> Void = {
            let frame: WebSocketFrame
            switch body {
            case .text(let text):
                frame = WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: text))
            case .binary(let data):
                frame = WebSocketFrame(fin: true, opcode: .binary, data: channel.allocator.buffer(bytes: data))
            }
            // Journalled as it is handed to the channel, so a client that has read it always
            // finds it in the journal (as a request is journalled when it arrives).
            sent()
            if channel.eventLoop.inEventLoop, batch.value.reading {
                batch.value.needsFlush = true
                channel.write(frame, promise: nil)
            } else {
                channel.writeAndFlush(frame, promise: nil)
            }
        }
        if delay > 0 {
            channel.eventLoop.scheduleTask(in: .milliseconds(Int64(delay)), write)
        } else {
            write()
        }
    }

    func close(code: Int, reason: String, afterMilliseconds delay: Int) {
        let channel = self.channel
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

/// Whether a channel's handler is inside a read, and whether a write since needs a flush.
/// Touched on the channel's event loop only.
struct ReadBatch {
    var reading = false
    var needsFlush = false
}
