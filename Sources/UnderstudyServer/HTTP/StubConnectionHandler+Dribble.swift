import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

extension StubConnectionHandler {
    /// WireMock's `chunkedDribbleDelay`: the body in `numberOfChunks` pieces, each sent after
    /// `totalDuration / numberOfChunks` ms (the first one too), chunked unless the stub set a length.
    func dribbleResponse(
        _ rendered: ResponseHeadBuilder.Result, body: Data, dribble: ChunkedDribbleDelay, method: HTTPMethod,
        context: ChannelHandlerContext, completed: @escaping @Sendable () -> Void
    ) {
        guard rendered.allowsBody, method != .HEAD, !body.isEmpty, !ResponseHeadBuilder.isInterim(rendered.head.status)
        else {
            writeResponse(rendered, body: Data(), method: method, context: context) { _ in completed() }
            return
        }
        context.writeAndFlush(wrapOutboundOut(.head(rendered.head)), promise: nil)
        let pieces = Self.split(body, into: dribble.numberOfChunks)
        let interval = TimeAmount.milliseconds(Int64(max(0, dribble.totalDuration) / max(1, pieces.count)))
        sendPiece(0, of: pieces, every: interval, mustClose: rendered.mustClose, context: context, completed: completed)
    }

    private func sendPiece(
        _ index: Int, of pieces: [Data], every interval: TimeAmount, mustClose: Bool, context: ChannelHandlerContext,
        completed: @escaping @Sendable () -> Void
    ) {
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: interval) {
            let (handler, context) = bound.value
            guard context.channel.isActive else {
                completed()
                return
            }
            let piece = context.channel.allocator.buffer(bytes: pieces[index])
            context.writeAndFlush(handler.wrapOutboundOut(.body(.byteBuffer(piece))), promise: nil)
            if index + 1 < pieces.count {
                handler.sendPiece(
                    index + 1, of: pieces, every: interval, mustClose: mustClose, context: context, completed: completed
                )
            } else {
                handler.finishResponse(mustClose: mustClose, context: context) { _ in completed() }
            }
        }
    }

    /// `count` pieces of near-equal size (fewer when the body is shorter than `count` bytes).
    static func split(_ body: Data, into count: Int) -> [Data] {
        let n = max(1, min(count, body.count))
        let base = body.count / n
        let extra = body.count % n
        var pieces: [Data] = []
        var start = body.startIndex
        for i in 0..<n {
            let size = base + (i < extra ? 1 : 0)
            pieces.append(body[start..<(start + size)])
            start += size
        }
        return pieces
    }
}
